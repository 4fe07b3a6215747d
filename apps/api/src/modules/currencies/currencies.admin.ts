// The administration of display currencies (decision 028): the list a shop shows prices in (code, rate, rounding)
// and where the rates come from. Every write runs in one transaction with its audit entry, which empties the shop's
// cached pages and answers (their public settings carry the rates).
import { ORDER_CURRENCY } from '@platform/contracts';
import type { AdminCurrencySettings, AdminCurrencySettingsBody } from '@platform/contracts/admin-currencies';
import { currencyFacts, formatRate, parseRate } from '@platform/contracts/currency';
import { type RequestContext, requirePermission, requireStaff } from '../../lib/context.ts';
import { ValidationError } from '../../lib/errors.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import {
  type CurrencySettingsRow,
  type DisplayCurrencyRow,
  type DisplayCurrencyValues,
  findCurrencySettings,
  listDisplayCurrencies,
  lockCurrencySettings,
  replaceDisplayCurrencies,
  updateCurrencySettings,
} from './currencies.repository.ts';

function toAdminSettings(settings: CurrencySettingsRow | null, rows: DisplayCurrencyRow[]): AdminCurrencySettings {
  return {
    shop_currency: ORDER_CURRENCY,
    rate_source: settings?.rateSource ?? 'manual',
    currencies: rows.map((row) => ({
      code: row.code,
      rate: formatRate(row.rateMicros),
      rounding: row.rounding,
      decimals: currencyFacts(row.code).decimals,
      rate_date: row.rateDate,
    })),
    fetched_at: settings?.fetchedAt?.toISOString() ?? null,
    fetch_error: settings?.fetchError ?? '',
  };
}

/** `GET /admin/currency-settings/`: the shop's display currencies and their source, as staff edit them. */
export async function getCurrencySettingsForStaff(ctx: RequestContext): Promise<AdminCurrencySettings> {
  requireStaff(ctx);
  const [settings, rows] = await Promise.all([findCurrencySettings(ctx.scope), listDisplayCurrencies(ctx.scope)]);
  return toAdminSettings(settings, rows);
}

/**
 * The list as it will be kept: each code once and never the shop's own currency (field errors naming the line
 * otherwise). A rate left as it was keeps the day it was fetched for; a changed one is the owner's, typed.
 */
function checkedList(
  currencies: NonNullable<AdminCurrencySettingsBody['currencies']>,
  current: DisplayCurrencyRow[],
): DisplayCurrencyValues[] {
  const errors: Record<string, string[]> = {};
  const seen = new Set<string>();
  const values = currencies.map((currency, index) => {
    if (currency.code === ORDER_CURRENCY) {
      errors[`currencies.${index}.code`] = [`${ORDER_CURRENCY} is the shop's own currency: its prices need no rate.`];
    } else if (seen.has(currency.code)) {
      errors[`currencies.${index}.code`] = [`${currency.code} is listed twice.`];
    }
    seen.add(currency.code);
    const rateMicros = parseRate(currency.rate) as number;
    const kept = current.find((row) => row.code === currency.code && row.rateMicros === rateMicros);
    return { code: currency.code, rateMicros, rounding: currency.rounding, rateDate: kept?.rateDate ?? null };
  });
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return values;
}

/** `PATCH /admin/currency-settings/`: changes the source and replaces the list (the owner); audited. */
export async function updateCurrencySettingsByStaff(
  ctx: RequestContext,
  body: AdminCurrencySettingsBody,
): Promise<AdminCurrencySettings> {
  requirePermission(ctx, 'manage_settings');
  return inTransaction(ctx, async (tx) => {
    const settings = await lockCurrencySettings(tx.scope);
    const rows = await listDisplayCurrencies(tx.scope);
    const before = toAdminSettings(settings, rows);
    if (body.currencies) await replaceDisplayCurrencies(tx.scope, checkedList(body.currencies, rows));
    if (body.rate_source && body.rate_source !== settings.rateSource) {
      // Switched to the published rates: fetched at the job's next look, whatever failed before.
      await updateCurrencySettings(tx.scope, { rateSource: body.rate_source, fetchedAt: null, fetchError: '' });
    }
    const after = toAdminSettings(await findCurrencySettings(tx.scope), await listDisplayCurrencies(tx.scope));
    await recordAudit(tx, {
      action: 'currency_settings.update',
      entity: 'currency_settings',
      entityId: '',
      before: { rate_source: before.rate_source, currencies: before.currencies },
      after: { rate_source: after.rate_source, currencies: after.currencies },
    });
    return after;
  });
}
