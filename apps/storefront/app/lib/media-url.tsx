import { createContext, type ReactNode, useContext } from 'react';

// Where the browser loads media from (the server's `MEDIA_HOST`, or the shop's own origin): fixed in the page by the
// root, below every feature, so that shared components such as `Picture` can show a stored file.
const MediaHostContext = createContext('');

/** Gives the media host fixed in the page (root loader data) to every component. */
export function MediaHostProvider({ mediaHost, children }: { mediaHost: string; children: ReactNode }) {
  return <MediaHostContext.Provider value={mediaHost}>{children}</MediaHostContext.Provider>;
}

/** Turns a media path of the API (`/media/...`) into the address the browser loads. */
export function useMediaUrl(): (path: string) => string {
  const mediaHost = useContext(MediaHostContext);
  return (path) => mediaUrl(mediaHost, path);
}

export function mediaUrl(mediaHost: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${mediaHost}${path}`;
}
