// The administration of discounts (`/api/admin/discounts/`): codes and automatic promotions, their conditions and
// how often they were used. A subpath of its own (`@platform/contracts/admin-discounts`): only the API and the admin
// app load it.
import './browser.ts';
import { z } from 'zod';
import { AdminListQuery, adminOrdering, adminPage } from './admin.ts';
import { RowId } from './ids.ts';
import { Money, MoneyInput } from './money.ts';
import { DiscountKind } from './orders.ts';

/** A discount as staff see it, with its use so far. */
export const AdminDiscount = z.object({
  id: z.number().int(),
  /** Null: an automatic promotion, applied without a code. */
  code: z.string().nullable(),
  name: z.string(),
  kind: DiscountKind,
  /** percentage: the percent ("10.00" is 10%); fixed: the amount off; the other kinds: "0.00". */
  value: Money,
  buy_quantity: z.number().int().nullable(),
  get_quantity: z.number().int().nullable(),
  product_ids: z.array(z.number().int()),
  category_ids: z.array(z.number().int()),
  min_subtotal: Money,
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit: z.number().int().nullable(),
  uses_per_customer: z.number().int().nullable(),
  /** Shorthand for `uses_per_customer: 1`. */
  once_per_customer: z.boolean(),
  first_order_only: z.boolean(),
  combines_with_code: z.boolean(),
  is_active: z.boolean(),
  /** Orders placed with it and not cancelled. */
  times_used: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminDiscount = z.infer<typeof AdminDiscount>;
export const AdminDiscountPage = adminPage(AdminDiscount);

/** `GET /admin/discounts/`: pages, search by code or name, an ordering of the allowlist. */
export const AdminDiscountListQuery = AdminListQuery.extend({
  ordering: adminOrdering('code', 'name', 'times_used', 'created_at'),
});
export type AdminDiscountListQuery = z.infer<typeof AdminDiscountListQuery>;

// Every number within what its column holds (migration 0072): a larger one is a 400 naming the field, never a
// database error. Amounts as staff type them ("10" is 10.00).
const NonNegativeMoney = MoneyInput.refine((text) => !text.startsWith('-'), {
  error: 'Enter an amount of 0 or more.',
}).refine((text) => Number(text) <= 10_000_000, { error: 'Enter an amount of at most 10000000.00.' });
const count = () => z.number().int().min(1).max(1_000_000);
/** Units bought and given in "buy X get Y" (the column's check: 1 to 1000). */
const quantity = () =>
  z.number().int().min(1, { error: 'Enter a quantity from 1 to 1000.' }).max(1000, {
    error: 'Enter a quantity from 1 to 1000.',
  });
/**
 * A date and time: with its offset, or as a form's date-and-time field sends it ("2026-11-29T23:59"), which the shop
 * reads in its own time zone (site settings).
 */
const moment = () =>
  z.union([z.iso.datetime({ offset: true }), z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/)], {
    error: 'Enter a date and time, such as 2026-11-29T23:59.',
  });
const ids = () => z.array(RowId).max(500);

const discountFields = {
  /** Null or '' (a cleared form field): an automatic promotion. */
  code: z
    .union([
      z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'Use 1 to 40 letters, digits, hyphens or underscores.' }),
      z.literal('').transform(() => null),
    ])
    .nullable(),
  name: z.string().trim().max(100),
  kind: DiscountKind,
  value: NonNegativeMoney,
  buy_quantity: quantity().nullable(),
  get_quantity: quantity().nullable(),
  product_ids: ids(),
  category_ids: ids(),
  min_subtotal: NonNegativeMoney,
  starts_at: moment().nullable(),
  ends_at: moment().nullable(),
  usage_limit: count().nullable(),
  uses_per_customer: count().nullable(),
  once_per_customer: z.boolean(),
  first_order_only: z.boolean(),
  combines_with_code: z.boolean(),
  is_active: z.boolean(),
};

/** `POST /admin/discounts/`: a kind; a code unless it is an automatic promotion. */
export const AdminDiscountCreateBody = z.object(discountFields).partial().required({ kind: true }).strict();
export type AdminDiscountCreateBody = z.infer<typeof AdminDiscountCreateBody>;

/** `PATCH /admin/discounts/{id}/`: the fields to change. */
export const AdminDiscountUpdateBody = z.object(discountFields).partial().strict();
export type AdminDiscountUpdateBody = z.infer<typeof AdminDiscountUpdateBody>;
