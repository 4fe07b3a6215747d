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
 * already sanitized on write; the browser sanitizes it once DOMPurify has loaded (after the first load, so that it
 * stays out of it), and the hydrated markup matches the server's.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  // The markup the server rendered, when this text was hydrated: it is on the page already, as the server sent it.
  const [serverHtml] = useState(() => (inBrowser ? null : html));
  const [loaded, setLoaded] = useState<Purifier | null>(() => purifier);
  useEffect(() => {
    // Not loaded (offline, say): the server's HTML stays, as sanitized on write.
    if (!loaded)
      loadPurifier().then(
        (module) => setLoaded(() => module),
        () => undefined,
      );
  }, [loaded]);
  // NOTE: the browser never inserts HTML it has not sanitized: until DOMPurify has loaded it keeps the server's
  // markup of a hydrated text, and leaves any other (a client navigation's) empty.
  let safe = html;
  if (inBrowser && loaded?.isSupported) safe = loaded.sanitize(html, { USE_PROFILES: { html: true } });
  else if (inBrowser && !loaded && html !== serverHtml) safe = '';
  const classes = className ? `rich-text ${className}` : 'rich-text';
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the API and here by DOMPurify.
  return <div className={classes} dangerouslySetInnerHTML={{ __html: safe }} />;
}
