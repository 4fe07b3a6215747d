import type { RequestContext } from '../../lib/context.ts';
import { saveDisplayCurrencies } from '../../modules/currencies/index.ts';

/**
 * The demo shop shows its prices in euros, pounds, Australian dollars, Indian and Nepalese rupees at fixed rates
 * against the US dollar it charges in (migration 0089 writes the same for a demo seeded before it): euros to the cent,
 * pounds and Australian dollars up to .99, rupees to whole units.
 */
export async function seedCurrencies(ctx: RequestContext): Promise<void> {
  await saveDisplayCurrencies(ctx, [
    { code: 'EUR', rate: '0.92', rounding: 'none' },
    { code: 'GBP', rate: '0.79', rounding: 'ninety_nine' },
    { code: 'AUD', rate: '1.52', rounding: 'ninety_nine' },
    { code: 'INR', rate: '83.5', rounding: 'whole' },
    { code: 'NPR', rate: '133.6', rounding: 'whole' },
  ]);
}
