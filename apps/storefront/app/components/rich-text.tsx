import { useEffect, useState, useSyncExternalStore } from 'react';

type Purifier = typeof import('dompurify').default;

const subscribe = () => () => undefined;

// DOMPurify is fetched once, after the first load: the server renders the API's HTML, already sanitized on write.
let purifier: Purifier | null = null;
let loading: Promise<Purifier> | null = null;

function loadPurifier(): Promise<Purifier> {
  loading ??= import('dompurify').then((module) => {
    purifier = module.default;
    return purifier;
  });
  return loading;
}

/**
 * Stored rich text (HTML), sanitized again in the browser with DOMPurify. The server renders the API's HTML,
 * already sanitized on write; the browser sanitizes it once hydrated and DOMPurify has loaded (at once on client
 * navigations after that), so the hydrated markup matches the server's and DOMPurify stays out of the first load.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const [loaded, setLoaded] = useState<Purifier | null>(() => purifier);
  useEffect(() => {
    // Not loaded (offline, say): the server's HTML stays, as sanitized on write.
    if (!loaded)
      loadPurifier().then(
        (module) => setLoaded(() => module),
        () => undefined,
      );
  }, [loaded]);
  const safe = inBrowser && loaded?.isSupported ? loaded.sanitize(html, { USE_PROFILES: { html: true } }) : html;
  const classes = className ? `rich-text ${className}` : 'rich-text';
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the API and here by DOMPurify.
  return <div className={classes} dangerouslySetInnerHTML={{ __html: safe }} />;
}
