import { halfStars } from '../format.ts';

/** Five stars filled to the average rounded to the nearest half. */
export function StarRating({ value, label }: { value: number; label?: string }) {
  const rounded = halfStars(value);
  return (
    <span className="stars" role="img" aria-label={label ?? `${rounded} out of 5 stars`} data-stars={rounded}>
      {[1, 2, 3, 4, 5].map((star) => {
        const fill = rounded >= star ? 'full' : rounded >= star - 0.5 ? 'half' : 'empty';
        return <span key={star} className={`star star--${fill}`} aria-hidden="true" />;
      })}
    </span>
  );
}
