/** The loading indicator: a spinning circle. */
export function Spinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-label={label}>
      <span className="spinner__circle" aria-hidden="true" />
    </div>
  );
}
