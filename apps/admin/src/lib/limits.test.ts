import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as core from '@platform/contracts';
import * as admin from '@platform/contracts/admin';
import * as catalog from '@platform/contracts/admin-catalog';
import * as content from '@platform/contracts/admin-content';
import * as products from '@platform/contracts/admin-products';
import * as returns from '@platform/contracts/admin-returns';
import * as tax from '@platform/contracts/admin-tax';
import * as shipping from '@platform/contracts/shipping';
import { describe, expect, it } from 'vitest';
import { maxLengthOf } from './limits.ts';

const SOURCE = join(import.meta.dirname, '..');
const contracts = { ...core, ...admin, ...catalog, ...content };
const schemas: Record<string, unknown> = { ...contracts, ...products, ...returns, ...shipping, ...tax };

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Whether a text of `length` characters passes the validator (react-admin answers undefined when it does). */
const passes = (validator: ReturnType<typeof maxLengthOf>, length: number) =>
  validator('x'.repeat(length), {}) === undefined;

describe('the admin’s length limits', () => {
  it('are the limits of the contracts schemas the API validates with', () => {
    const cases = [
      {
        schema: contracts.OrderTransitionBody,
        path: 'carrier',
        body: (text: string) => ({ to: 'shipped', carrier: text }),
      },
      { schema: contracts.OrderNoteBody, path: 'body', body: (text: string) => ({ body: text }) },
      {
        schema: products.AdminProductUpdateBody,
        path: 'attributes.value',
        body: (text: string) => ({ attributes: [{ key: 'Steel', value: text }] }),
      },
      {
        schema: contracts.AdminPaymentSettingsBody,
        path: 'custom_payment_label',
        body: (text: string) => ({ custom_payment_label: text }),
      },
      { schema: shipping.AdminShippingZoneUpdateBody, path: 'name', body: (text: string) => ({ name: text }) },
    ];
    for (const { schema, path, body } of cases) {
      const limit = contracts.maxLengthAt(schema, path);
      const validator = maxLengthOf(schema, path);
      expect(passes(validator, limit), path).toBe(true);
      expect(passes(validator, limit + 1), path).toBe(false);
      expect(schema.safeParse(body('x'.repeat(limit))).success, path).toBe(true);
      expect(schema.safeParse(body('x'.repeat(limit + 1))).success, path).toBe(false);
    }
    expect(contracts.maxLengthAt(contracts.OrderTransitionBody, 'tracking_url')).toBe(500);
    expect(contracts.maxLengthAt(contracts.AdminSiteSettingsBody, 'contact_email')).toBe(254);
    expect(contracts.maxLengthAt(contracts.AdminContactInfoBody, 'branch_locations.phone_number')).toBe(32);
  });

  it('refuses a field the schema lacks or leaves unbounded, so that no form loses its check silently', () => {
    expect(() => maxLengthOf(contracts.OrderTransitionBody, 'carier')).toThrow(/no field carier/);
    expect(() => maxLengthOf(contracts.AdminSiteSettingsBody, 'google_analytics_id')).toThrow(/no maximum length/);
  });

  it('all go through maxLengthOf, each naming a field of a contracts schema that has a limit', () => {
    const calls: string[] = [];
    for (const file of sourceFiles(SOURCE)) {
      const name = relative(SOURCE, file);
      const text = readFileSync(file, 'utf8');
      if (name !== join('lib', 'limits.ts')) {
        expect(text, name).not.toMatch(/\bmaxLength\(/);
        expect(text, name).not.toMatch(/<HtmlInput[^>]*\bmax=/);
      }
      for (const match of text.matchAll(/\bmaxLengthOf\(\s*(\w+),\s*'([\w.]+)'\s*\)/g)) {
        const [, schema, path] = match as unknown as [string, string, string];
        expect(schemas[schema], `${name}: ${schema}`).toBeDefined();
        expect(
          () => maxLengthOf(schemas[schema] as Parameters<typeof maxLengthOf>[0], path),
          `${name}: ${schema} ${path}`,
        ).not.toThrow();
        calls.push(`${schema}.${path}`);
      }
      // Every call is of the literal form read above.
      if (name !== join('lib', 'limits.ts')) {
        expect(text.match(/\bmaxLengthOf\(/g)?.length ?? 0, name).toBe(
          [...text.matchAll(/\bmaxLengthOf\(\s*\w+,\s*'[\w.]+'\s*\)/g)].length,
        );
      }
    }
    expect(calls.length).toBeGreaterThanOrEqual(44);
  });
});
