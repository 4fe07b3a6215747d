// Display rates fetched from a public source (decision 028): the European Central Bank's euro reference rates, published
// each working day around 16:00 CET as one small XML file. A shop that picks them has its currencies' rates set from
// them once a day; a currency the bank does not publish (NPR) keeps its typed rate. The platform starts and sells
// without them: a fetch that fails is kept as the shop's `fetch_error` and tried again an hour later.
import { ORDER_CURRENCY } from '@platform/contracts';
import { formatRate } from '@platform/contracts/currency';
import { systemContext } from '../../lib/context.ts';
import type { JobDeps } from '../../lib/jobs.ts';
import { inTransaction } from '../../lib/unit-of-work.ts';
import { recordAudit } from '../audit/index.ts';
import { listTenants } from '../tenants/index.ts';
import {
  type CurrencySettingsRow,
  findCurrencySettings,
  listDisplayCurrencies,
  lockCurrencySettings,
  saveFetchedRate,
  updateCurrencySettings,
} from './currencies.repository.ts';

/** The rates of one publication: its day, and each currency's units for one euro as published ("1.0163"). */
export interface PublishedRates {
  date: string;
  perEuro: Map<string, string>;
}

/** The source's answer could not be read as its rates. */
export class RatesUnreadableError extends Error {}

/** The rates of the ECB's daily file (`eurofxref-daily.xml`): its dated cube and every currency's rate in it. */
export function parseEcbDaily(xml: string): PublishedRates {
  const date = /<Cube\s+time=["'](\d{4}-\d{2}-\d{2})["']/.exec(xml)?.[1];
  const perEuro = new Map<string, string>();
  for (const match of xml.matchAll(/<Cube\s+currency=["']([A-Z]{3})["']\s+rate=["'](\d{1,9}(?:\.\d{1,12})?)["']/g)) {
    perEuro.set(match[1] as string, match[2] as string);
  }
  if (!date || perEuro.size === 0) throw new RatesUnreadableError('its answer held no dated rates');
  perEuro.set('EUR', '1');
  return { date, perEuro };
}

/** A decimal text as an integer of `10^12` scale (exact). */
function scaled(decimal: string): bigint {
  const [units = '0', fraction = ''] = decimal.split('.');
  return BigInt(units) * 10n ** 12n + BigInt(fraction.padEnd(12, '0').slice(0, 12));
}

/**
 * Each published currency's rate against `base` (units of it for one unit of `base`), in millionths rounded half up:
 * the cross rate of two euro rates (`X per euro / base per euro`). Empty when `base` is not published.
 */
export function ratesAgainst(published: PublishedRates, base: string): Map<string, number> {
  const rates = new Map<string, number>();
  const basePerEuro = published.perEuro.get(base);
  if (!basePerEuro) return rates;
  const denominator = scaled(basePerEuro);
  if (denominator === 0n) return rates;
  for (const [code, perEuro] of published.perEuro) {
    if (code === base) continue;
    const micros = (scaled(perEuro) * 1_000_000n * 2n + denominator) / (denominator * 2n);
    if (micros > 0n) rates.set(code, Number(micros));
  }
  return rates;
}

/** How long a fetch may take before it counts as failed. */
const FETCH_TIMEOUT_MS = 15_000;
/** The most an answer of the source may weigh (the daily file is about 1.6 kB). */
const MAX_ANSWER_BYTES = 256 * 1024;

/** Fetches the published rates from `url` (the ECB's daily file), within `timeoutMs`. */
export async function fetchPublishedRates(url: string, timeoutMs: number): Promise<PublishedRates> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'follow' });
  } catch {
    throw new RatesUnreadableError('the source could not be reached');
  }
  if (!response.ok) throw new RatesUnreadableError(`the source answered ${response.status}`);
  const text = await response.text();
  if (text.length > MAX_ANSWER_BYTES) throw new RatesUnreadableError('its answer was far larger than a day of rates');
  return parseEcbDaily(text);
}

/** A shop's fetched rates are due 20 hours after their last fetch, and an hour after a failed try. */
const FETCH_EVERY_MS = 20 * 3_600_000;
const RETRY_AFTER_MS = 3_600_000;

function isDue(settings: CurrencySettingsRow | null, now: Date): boolean {
  if (settings?.rateSource !== 'ecb') return false;
  if (settings.fetchError && now.getTime() - settings.updatedAt.getTime() < RETRY_AFTER_MS) return false;
  return !settings.fetchedAt || now.getTime() - settings.fetchedAt.getTime() >= FETCH_EVERY_MS;
}

/** What one pass did: the shops whose rates were fetched, and those whose fetch failed. */
export interface RatesPass {
  updated: number;
  failed: number;
}

/**
 * Sets the rates of every shop that takes the published rates and is due, from one fetch (made only when a shop is
 * due): each listed currency the source publishes gets its rate against the shop's currency and the day it is of,
 * in one transaction with an audit entry when a rate changed (which empties the shop's cached pages). A failure is
 * kept as the shop's `fetch_error`.
 */
export async function updatePublishedRates(
  deps: JobDeps,
  options: { now?: Date; fetchRates?: () => Promise<PublishedRates> } = {},
): Promise<RatesPass> {
  const now = options.now ?? new Date();
  const fetchRates =
    options.fetchRates ?? (() => fetchPublishedRates(deps.config.CURRENCY_RATES_URL, FETCH_TIMEOUT_MS));
  let published: Promise<PublishedRates> | null = null;
  const pass: RatesPass = { updated: 0, failed: 0 };
  for (const tenant of await listTenants(deps.database.db)) {
    const ctx = systemContext(deps, deps.database, tenant, 'currency-rates');
    if (!isDue(await findCurrencySettings(ctx.scope), now)) continue;
    published ??= fetchRates();
    let rates: Map<string, number>;
    let date: string;
    try {
      const answer = await published;
      rates = ratesAgainst(answer, ORDER_CURRENCY);
      date = answer.date;
      if (rates.size === 0) throw new RatesUnreadableError(`its answer held no rate of ${ORDER_CURRENCY}`);
    } catch (error) {
      const reason = error instanceof RatesUnreadableError ? error.message : 'its answer could not be read';
      await inTransaction(ctx, async (tx) => {
        await lockCurrencySettings(tx.scope);
        await updateCurrencySettings(tx.scope, { fetchError: `The rates could not be fetched: ${reason}.` });
      });
      pass.failed += 1;
      continue;
    }
    await inTransaction(ctx, async (tx) => {
      await lockCurrencySettings(tx.scope);
      const changed: Record<string, { before: string; after: string }> = {};
      for (const row of await listDisplayCurrencies(tx.scope)) {
        const rateMicros = rates.get(row.code);
        if (rateMicros === undefined) continue;
        if (rateMicros !== row.rateMicros) {
          changed[row.code] = { before: formatRate(row.rateMicros), after: formatRate(rateMicros) };
        }
        await saveFetchedRate(tx.scope, { code: row.code, rateMicros, rateDate: date });
      }
      await updateCurrencySettings(tx.scope, { fetchedAt: now, fetchError: '' });
      if (Object.keys(changed).length === 0) return;
      await recordAudit(tx, {
        action: 'currency_rates.fetch',
        entity: 'currency_settings',
        entityId: '',
        before: Object.fromEntries(Object.entries(changed).map(([code, rate]) => [code, rate.before])),
        after: { ...Object.fromEntries(Object.entries(changed).map(([code, rate]) => [code, rate.after])), date },
      });
    });
    pass.updated += 1;
  }
  return pass;
}
