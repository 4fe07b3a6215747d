import type { SiteSettings } from '@platform/contracts';
import { mediaUrl } from '../lib/media-url.tsx';

const ICON_TYPES: Record<string, string> = {
  svg: 'image/svg+xml',
  png: 'image/png',
  ico: 'image/x-icon',
  webp: 'image/webp',
};

/** The shop's favicon, typed by its file extension (spec section 1). */
export function Favicon({ favicon, mediaHost }: { favicon: string; mediaHost: string }) {
  if (!favicon) return null;
  const extension = favicon.split('?')[0]?.split('.').pop()?.toLowerCase() ?? '';
  return <link rel="icon" type={ICON_TYPES[extension] ?? 'image/x-icon'} href={mediaUrl(mediaHost, favicon)} />;
}

/** Google Analytics (gtag.js), loaded only for shops that set an id. */
export function GoogleAnalytics({
  id,
  nonce,
}: {
  id: SiteSettings['google_analytics_id'];
  nonce?: string | undefined;
}) {
  if (!id) return null;
  // The id lands inside an inline script: JSON-encode it and escape `<` so it cannot close the tag.
  const idLiteral = JSON.stringify(id).replace(/</g, '\\u003c');
  const setup = `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config',${idLiteral});`;
  return (
    <>
      <script async nonce={nonce} src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`} />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: fixed code around a JSON-escaped id */}
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: setup }} />
    </>
  );
}
