import type { RequestContext } from '../../lib/context.ts';
import { createZone } from '../../modules/shipping/index.ts';

/** Asia but Nepal and India, which have zones of their own. */
const REST_OF_ASIA =
  'AE AF AM AZ BD BH BN BT CN GE HK ID IL IQ IR JO JP KG KH KR KW KZ LA LB LK MM MN MO MV MY OM PH PK PS QA SA ' +
  'SG SY TH TJ TL TM TR TW UZ VN YE';
const EUROPE =
  'AD AL AT AX BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME ' +
  'MK MT NL NO PL PT RO RS SE SI SJ SK SM UA VA';
const NORTH_AMERICA = 'US CA MX GL BM PM';

/**
 * The demo shop ships from Dharan: cheaply at home, then by distance; free above an order amount everywhere but
 * the rest of the world, with a surcharge per item (each blade travels in its own box).
 */
export async function seedShipping(ctx: RequestContext): Promise<void> {
  const zones = [
    { name: 'Nepal', countries: 'NP', flat: '3.00', free: '50.00', item: '0.00', days: [1, 3] },
    { name: 'India', countries: 'IN', flat: '12.00', free: '150.00', item: '2.00', days: [4, 7] },
    { name: 'Rest of Asia', countries: REST_OF_ASIA, flat: '20.00', free: '250.00', item: '3.00', days: [5, 10] },
    { name: 'Europe', countries: EUROPE, flat: '28.00', free: '300.00', item: '4.00', days: [7, 14] },
    { name: 'North America', countries: NORTH_AMERICA, flat: '30.00', free: '300.00', item: '4.00', days: [7, 14] },
  ];
  for (const zone of zones) {
    await createZone(ctx, {
      name: zone.name,
      countries: zone.countries.split(' '),
      flat_rate: zone.flat,
      free_above: zone.free,
      per_item: zone.item,
      delivery_days_min: zone.days[0] as number,
      delivery_days_max: zone.days[1] as number,
    });
  }
  await createZone(ctx, {
    name: 'Rest of the world',
    is_default: true,
    flat_rate: '35.00',
    free_above: null,
    per_item: '5.00',
    delivery_days_min: 10,
    delivery_days_max: 21,
  });
}
