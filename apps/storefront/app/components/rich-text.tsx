import DOMPurify from 'dompurify';
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * Stored rich text (HTML), sanitized again in the browser with DOMPurify. The server renders the API's HTML,
 * already sanitized on write; the browser sanitizes it once hydrated (and at once on client navigations), so the
 * hydrated markup matches the server's.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const inBrowser = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  const safe = inBrowser && DOMPurify.isSupported ? DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }) : html;
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the API and here by DOMPurify.
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
