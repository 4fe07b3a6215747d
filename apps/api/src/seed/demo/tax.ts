import type { RequestContext } from '../../lib/context.ts';
import { createTaxRate } from '../../modules/tax/index.ts';

/**
 * The standard VAT rates of the European Union's members (2026), which the demo shop collects on its sales there
 * through the EU's import scheme, and the United Kingdom's; prices there are shown with VAT. At home and elsewhere it
 * collects none.
 */
const VAT_RATES: Record<string, string> = {
  AT: '20',
  BE: '21',
  BG: '20',
  CY: '19',
  CZ: '21',
  DE: '19',
  DK: '25',
  EE: '24',
  ES: '21',
  FI: '25.5',
  FR: '20',
  GB: '20',
  GR: '24',
  HR: '25',
  HU: '27',
  IE: '23',
  IT: '22',
  LT: '21',
  LU: '17',
  LV: '21',
  MT: '18',
  NL: '21',
  PL: '23',
  PT: '23',
  RO: '21',
  SE: '25',
  SI: '22',
  SK: '23',
};

/** The demo shop's tax rates: VAT by country for the EU and the UK, shown in the prices. */
export async function seedTax(ctx: RequestContext): Promise<void> {
  for (const [country, rate] of Object.entries(VAT_RATES)) {
    await createTaxRate(ctx, { name: 'VAT', rate, country, display: 'included' });
  }
}
