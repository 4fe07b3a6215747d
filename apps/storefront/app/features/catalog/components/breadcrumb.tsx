import { Link } from 'react-router';

/** A step of a breadcrumb trail: its name and its address. */
export interface Crumb {
  name: string;
  path: string;
}

/** The trail from the home page to the page shown, which closes it as the current page (not a link). */
export function Breadcrumb({ trail }: { trail: Crumb[] }) {
  return (
    <nav className="breadcrumb" aria-label="Breadcrumb">
      <ol className="breadcrumb__list">
        {trail.map((crumb, index) => (
          <li key={crumb.path} className="breadcrumb__item">
            {index === trail.length - 1 ? (
              <span aria-current="page">{crumb.name}</span>
            ) : (
              <Link to={crumb.path}>{crumb.name}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
