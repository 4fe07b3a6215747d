import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AdminPrice } from './admin-catalog.ts';
import { MoneyInput } from './money.ts';
import './zod-messages.ts';

const messagesOf = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('validation messages', () => {
  it('are sentences for a person where a schema gives none: no type names, patterns or library phrases', () => {
    const body = z
      .object({
        name: z.string().min(1).max(5),
        count: z.number().int().min(1).max(10),
        email: z.email(),
        kind: z.enum(['fixed', 'percentage']),
        code: z.string().regex(/^[A-Z]+$/),
        tags: z.array(z.string()).max(1),
      })
      .strict();
    const messages = [
      ...messagesOf(body, {}),
      ...messagesOf(body, {
        name: '',
        count: 1.5,
        email: 'nope',
        kind: 'free',
        code: 'abc',
        tags: ['a', 'b'],
        extra: 1,
      }),
      ...messagesOf(body, { name: 'toolong', count: 11, email: 'a@b.co', kind: 'fixed', code: 'A', tags: 'x' }),
    ];
    expect(messages).toEqual(
      expect.arrayContaining([
        'This field is required.',
        'This field may not be blank.',
        'A valid integer is required.',
        'Enter a valid email address.',
        'Choose one of: fixed, percentage.',
        'Enter a valid value.',
        'Ensure this field has no more than 1 items.',
        'Unknown field: extra.',
        'Ensure this field has no more than 5 characters.',
        'Ensure this value is less than or equal to 10.',
        'Expected a list of items.',
      ]),
    );
    for (const message of messages) {
      expect(message).not.toMatch(/Invalid|expected|pattern|\/\^|Too (small|big)|received/);
    }
  });
});

describe('amounts as staff type them', () => {
  it('take 110, 110.5 and 110.50, kept as 110.00-style text; anything else is refused in words', () => {
    expect(MoneyInput.parse('110')).toBe('110.00');
    expect(MoneyInput.parse(' 110.5 ')).toBe('110.50');
    expect(MoneyInput.parse('110.50')).toBe('110.50');
    expect(AdminPrice.parse('0')).toBe('0.00');
    for (const wrong of ['11o', '110.505', '1,10', '', '$110']) {
      expect(messagesOf(MoneyInput, wrong)).toEqual(['Enter an amount such as 110 or 110.50.']);
    }
    expect(messagesOf(AdminPrice, '-5')).toEqual(['A price cannot be negative.']);
  });
});
