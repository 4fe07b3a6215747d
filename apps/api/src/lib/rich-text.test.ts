import { describe, expect, it } from 'vitest';
import { XSS_CORPUS, xssLeftovers } from '../../test/xss-corpus.ts';
import { sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it.each(XSS_CORPUS.map((payload) => [payload]))('neutralises %s', (payload) => {
    expect(xssLeftovers(sanitizeRichText(payload))).toEqual([]);
  });

  it('neutralises a payload embedded in legitimate content', () => {
    const html = sanitizeRichText(`<h2>Care</h2><p>Oil the blade.</p>${XSS_CORPUS.join('\n')}<p>Done.</p>`);
    expect(xssLeftovers(html)).toEqual([]);
    expect(html).toContain('<h2>Care</h2><p>Oil the blade.</p>');
  });

  it('keeps the formatting of ordinary rich text', () => {
    const html =
      '<h2>Title</h2><p>Text with <strong>bold</strong>, <em>italic</em> and <a href="https://example.com/a" title="A">a link</a>.</p>' +
      '<ul><li>one</li><li>two</li></ul><blockquote>quote</blockquote><img src="/media/t1/blog/a.webp" alt="Blade" />' +
      '<table><thead><tr><th scope="col">Steel</th></tr></thead><tbody><tr><td>5160</td></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('keeps mailto links and relative links', () => {
    const html = '<p><a href="mailto:hello@example.com">mail</a> <a href="/contact">contact</a></p>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('makes a link that opens a new tab drop its opener', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('drops the content of a script but keeps the text of an unknown tag', () => {
    expect(sanitizeRichText('<custom-tag>kept</custom-tag><script>gone()</script>')).toBe('kept');
  });
});
