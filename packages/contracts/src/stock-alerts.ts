import './browser.ts';
import { z } from 'zod';
import { RowId } from './ids.ts';

// Back-in-stock alerts (issue 49): a shopper asks to be e-mailed once when a sold-out product or variant is back.

/**
 * `POST /products/products/{slug}/stock-alerts/`: the variant asked for (a product sold in options), and, for a guest,
 * the address to tell (confirmed by the link mailed to it); a signed-in customer's account address is used.
 */
export const StockAlertBody = z
  .object({
    variant_id: RowId.optional(),
    email: z.string().trim().max(254).optional(),
  })
  .strict();
export type StockAlertBody = z.infer<typeof StockAlertBody>;

/** A waiting alert as its customer sees it (`GET /products/stock-alerts/`). */
export const StockAlert = z.object({
  id: z.number().int(),
  product: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }),
  /** The variant asked for, by its option values ("15 inch / Mirror-polished"); null for the product. */
  variant: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  email: z.string(),
  created_at: z.string(),
});
export type StockAlert = z.infer<typeof StockAlert>;
export const StockAlertList = z.array(StockAlert);

/** The answer to an alert asked for: what happens next, in a sentence. */
export const StockAlertAnswer = z.object({ detail: z.string(), confirmed: z.boolean() });
export type StockAlertAnswer = z.infer<typeof StockAlertAnswer>;

export const STOCK_ALERT_SET = "We'll e-mail you once when it's back in stock.";
export const STOCK_ALERT_CONFIRM_SENT =
  "Check your inbox: confirm with the link we sent, and we'll e-mail you once when it's back.";
export const STOCK_ALERT_CONFIRMED = "Confirmed: we'll e-mail you once when it's back in stock.";

/** `POST /products/stock-alerts/confirm/`: a guest's link (the alert and its key). */
export const StockAlertConfirmBody = z
  .object({ alert: z.number().int().positive(), key: z.string().max(200) })
  .strict();
export type StockAlertConfirmBody = z.infer<typeof StockAlertConfirmBody>;
