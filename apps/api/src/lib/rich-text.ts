import sanitizeHtml from 'sanitize-html';

/**
 * The one allowlist for rich text (blog posts, FAQ answers, legal documents, category and product descriptions).
 * Anything not listed here is dropped: scripts, styles, event handlers, iframes, forms, SVG and MathML.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'hr',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'blockquote',
    'q',
    'cite',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'a',
    'img',
    'figure',
    'figcaption',
    'table',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
    'caption',
    'span',
    'div',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start', 'reversed'],
  },
  // `data:` and `javascript:` (in any spelling) never pass: only these schemes, or relative URLs.
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  // The contents of these go with them; other disallowed tags are unwrapped and keep their text.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
    'template',
  ],
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => {
      if (attribs.target !== '_blank') {
        const { target: _target, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      // A link opening a new tab must not hand it the opener.
      return { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } };
    },
  },
};

/** Sanitizes stored rich text (HTML) against the shared allowlist; call it on every write of an HTML field. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
