import { Link } from 'react-router';
import { useMediaUrl } from '../../../lib/media-url.tsx';
import { useSiteSettings } from '../../site/index.ts';

/** The shop's logo image, or its title as text when it has no logo; links home. */
export function Logo() {
  const settings = useSiteSettings();
  const mediaUrl = useMediaUrl();
  const title = settings?.site_title ?? '';
  return (
    <Link to="/" className="logo" aria-label={title ? undefined : 'Home'}>
      {settings?.logo ? (
        <img className="logo__image" src={mediaUrl(settings.logo)} alt={title || 'Home'} />
      ) : (
        <span className="logo__text">{title}</span>
      )}
    </Link>
  );
}
