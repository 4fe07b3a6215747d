import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { accountErrorText, LOGIN_FALLBACK, safeRedirect } from './account-errors.ts';

describe('accountErrorText', () => {
  it('shows the detail, else each field as "field: messages" joined with "; ", else the message, else the fallback', () => {
    expect(accountErrorText(new ApiError(401, { detail: 'No active account' }), LOGIN_FALLBACK)).toBe(
      'No active account',
    );
    const fields = new ApiError(400, { email: ['Enter a valid email address.'], password: ['Too short.', 'Common.'] });
    expect(accountErrorText(fields, LOGIN_FALLBACK)).toBe(
      'email: Enter a valid email address.; password: Too short. Common.',
    );
    expect(accountErrorText(new Error('Network down'), LOGIN_FALLBACK)).toBe('Network down');
    expect(accountErrorText(new Error(''), LOGIN_FALLBACK)).toBe(LOGIN_FALLBACK);
    expect(accountErrorText('??', LOGIN_FALLBACK)).toBe(LOGIN_FALLBACK);
  });
});

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
