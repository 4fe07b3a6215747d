import { describe, expect, it } from 'vitest';
import { changeByPercent, PercentChange, slugFromName } from './admin-products.ts';
import {
  addressLines,
  averageRating,
  Category,
  customizationText,
  DEFAULT_PAGE_SIZE,
  enabledPaymentMethods,
  fieldErrorsText,
  firstFieldError,
  isCompletable,
  isEmailAddress,
  listAnswer,
  paymentMethodLabel,
  REVIEW_COMMENT_MAX,
} from './index.ts';

describe('payment methods', () => {
  it('are offered in the order card, bank transfer, custom, whichever the shop enables', () => {
    expect(enabledPaymentMethods({ card_2c2p: true, bank_transfer: true, custom: true })).toEqual([
      'card_2c2p',
      'bank_transfer',
      'custom',
    ]);
    expect(enabledPaymentMethods({ custom: true, bank_transfer: true, card_2c2p: false })).toEqual([
      'bank_transfer',
      'custom',
    ]);
    expect(enabledPaymentMethods({ card_2c2p: false, bank_transfer: false, custom: false })).toEqual([]);
  });

  it("are named for customers, the custom one by the shop's label or 'Other Payment Method'", () => {
    expect(paymentMethodLabel('card_2c2p', 'ignored')).toBe('Credit/Debit Card');
    expect(paymentMethodLabel('bank_transfer', '')).toBe('Bank Transfer');
    expect(paymentMethodLabel('custom', ' PayPal invoice ')).toBe('PayPal invoice');
    expect(paymentMethodLabel('custom', '   ')).toBe('Other Payment Method');
  });
});

describe('customizationText', () => {
  it('shows each entry as "key: value", underscores of the keys as spaces, values untouched', () => {
    expect(customizationText({ engraving: 'Ram' })).toBe('engraving: Ram');
    expect(customizationText({ engraving_text: 'Ram_Bahadur', gift_wrap: 'yes' })).toBe(
      'engraving text: Ram_Bahadur, gift wrap: yes',
    );
    expect(customizationText({})).toBe('');
  });
});

describe('isEmailAddress', () => {
  it('takes one @ and a dotted domain, without spaces, quotes or angle brackets', () => {
    for (const address of ['ana@example.com', 'Ana.Gurung+shop@mail.example.co.np', 'a@b.cd']) {
      expect(isEmailAddress(address)).toBe(true);
    }
    for (const address of ['', 'bad', 'ana@example', 'ana@@example.com', 'a na@example.com', '<a@b.cd>', 'a@b.c']) {
      expect(isEmailAddress(address)).toBe(false);
    }
  });
});

describe('averageRating', () => {
  it('is the mean rating to two decimals, and null without reviews', () => {
    expect(averageRating(0, 0)).toBeNull();
    expect(averageRating(3, 14)).toBe(4.67);
    expect(averageRating(2, 9)).toBe(4.5);
    expect(averageRating(1, 5)).toBe(5);
  });
});

describe('limits', () => {
  it('keeps the page size and the review length the API and the storefront agree on', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(24);
    expect(REVIEW_COMMENT_MAX).toBe(2000);
  });
});

describe('field errors', () => {
  const fields = { email: ['Enter a valid email address.'], password: ['Too short.', 'Too common.'] };

  it("render as 'field: messages' joined with '; '", () => {
    expect(fieldErrorsText(fields)).toBe('email: Enter a valid email address.; password: Too short. Too common.');
    expect(fieldErrorsText({})).toBe('');
  });

  it('give the first message of the first field, or of the first named field that has one', () => {
    expect(firstFieldError(fields)).toBe('Enter a valid email address.');
    expect(firstFieldError(fields, ['quantity', 'password'])).toBe('Too short.');
    expect(firstFieldError(fields, ['quantity'])).toBeUndefined();
    expect(firstFieldError({ email: [] })).toBeUndefined();
  });
});

describe('listAnswer', () => {
  const category = { id: 1, slug: 'kukri', name: 'Kukri', description: '' };

  it('reads a plain list and a paginated one alike', () => {
    expect(listAnswer(Category).parse([category])).toEqual([category]);
    expect(listAnswer(Category).parse({ count: 1, next: null, previous: null, results: [category] })).toEqual([
      category,
    ]);
  });

  it('refuses anything else', () => {
    expect(listAnswer(Category).safeParse({ detail: 'x' }).success).toBe(false);
    expect(listAnswer(Category).safeParse([{ id: 'one' }]).success).toBe(false);
  });
});

describe('the type-ahead', () => {
  it('completes two letters or digits, accents and punctuation left out', () => {
    expect(['kh', ' k h ', 'K-9', '12', 'éé', 'khukuri'].map(isCompletable)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['', 'k', ' k ', 'k!', '!!', '%_', 'é', 'ßß'].map(isCompletable)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('addressLines', () => {
  it('shows an address as the shop prints it everywhere: name, street, city and postal code, country, phone', () => {
    expect(
      addressLines({
        street: '12 Durbar Marg',
        city: 'Kathmandu',
        postalCode: '44600',
        country: 'Nepal',
        fullname: 'Maya Gurung',
        contact_number: '+977 1 4221234',
      }),
    ).toEqual(['Maya Gurung', '12 Durbar Marg', 'Kathmandu 44600', 'Nepal', '+977 1 4221234']);
  });
});

describe('changeByPercent', () => {
  it('changes an amount in minor units by a decimal percent, rounding halves away from zero, exactly', () => {
    expect(changeByPercent(8500, '-12.5')).toBe(7438); // 7437.5
    expect(changeByPercent(1999, '-12.5')).toBe(1749); // 1749.125
    expect(changeByPercent(3719, '33.33')).toBe(4959); // 4958.5427
    expect(changeByPercent(3, '-50')).toBe(2); // 1.5
    expect(changeByPercent(-3, '-50')).toBe(-2); // -1.5
    expect(changeByPercent(1000, '+10')).toBe(1100);
    expect(changeByPercent(1000, '0.01')).toBe(1000); // 1000.1
    // Floating point would say 1.1 × 100_000_000_001 = 110000000001.10001: the exact answer rounds the same way.
    expect(changeByPercent(100_000_000_001, '10')).toBe(110_000_000_001);
    expect(changeByPercent(1000, '1.234')).toBeNull();
    expect(changeByPercent(1000, '5%')).toBeNull();
  });

  it('takes percents above -100 and at most 1000, with two decimals at most, never 0', () => {
    for (const ok of ['10', '-12.5', '+7.25', '1000', '-99.99'])
      expect(PercentChange.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['0', '-100', '1000.01', '1.234', 'ten', '']) {
      expect(PercentChange.safeParse(bad).success, bad).toBe(false);
    }
  });
});

describe('slugFromName', () => {
  it('makes lower-case ASCII words joined by hyphens, accents dropped, cut at a word', () => {
    expect(slugFromName('Dhankute Khukuri — Édition 11"')).toBe('dhankute-khukuri-edition-11');
    expect(slugFromName('  Gurkha  Service   No. 1  ')).toBe('gurkha-service-no-1');
    expect(slugFromName('ククリ')).toBe('');
    expect(slugFromName('alpha beta gamma', 10)).toBe('alpha-beta');
    expect(slugFromName('abcdefghijkl', 5)).toBe('abcde');
  });
});
