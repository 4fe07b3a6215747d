import { describe, expect, it } from 'vitest';
import { keepingRedirect, safeRedirect } from './safe-redirect.ts';

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

describe('keepingRedirect', () => {
  it('passes a path of this site on to the other account page, and nothing else', () => {
    expect(keepingRedirect('/register', '/products/kukri#reviews')).toBe(
      '/register?redirect=%2Fproducts%2Fkukri%23reviews',
    );
    expect(keepingRedirect('/login', '/cart')).toBe('/login?redirect=%2Fcart');
    expect(keepingRedirect('/register', null)).toBe('/register');
    expect(keepingRedirect('/register', 'https://evil.example/')).toBe('/register');
    expect(keepingRedirect('/register', '//evil.example/')).toBe('/register');
    expect(keepingRedirect('/register', '/\\evil.example/')).toBe('/register');
  });
});
