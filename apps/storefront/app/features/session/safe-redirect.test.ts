import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  const origin = 'https://shop.example';
  it('keeps a path of this site with its query and hash', () => {
    expect(safeRedirect('/products/kukri#reviews', origin)).toBe('/products/kukri#reviews');
    expect(safeRedirect('/cart?x=1', origin)).toBe('/cart?x=1');
  });
  it('sends any other target home', () => {
    for (const target of [
      null,
      '',
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
    ]) {
      expect(safeRedirect(target, origin)).toBe('/');
    }
  });
});
