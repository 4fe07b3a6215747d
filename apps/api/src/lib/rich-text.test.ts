import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.ts';

describe('sanitizeRichText', () => {
  it('keeps formatting and drops scripts, event handlers and javascript links', () => {
    const html = sanitizeRichText(
      '<h3>Care</h3><p onclick="x()">Oil <strong>the blade</strong><script>alert(1)</script></p><a href="javascript:alert(1)">x</a><img src="/a.png" onerror="x()">',
    );
    expect(html).toBe(
      '<h3>Care</h3><p>Oil <strong>the blade</strong></p><a rel="noopener noreferrer">x</a><img src="/a.png" />',
    );
  });

  it('keeps safe links with a rel that protects the opener', () => {
    expect(sanitizeRichText('<a href="https://example.com" target="_blank">shop</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">shop</a>',
    );
  });
});
