import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/**
 * Rich text from the API (sanitized there on write), sanitized again in the browser before it reaches the DOM.
 * The server renders the API's already-sanitized HTML: DOMPurify needs a DOM it does not have.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  const clean = useMemo(() => (typeof window === 'undefined' ? html : DOMPurify.sanitize(html)), [html]);
  return (
    <div
      className={className ? `rich-text ${className}` : 'rich-text'}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on write by the API and here by DOMPurify.
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
