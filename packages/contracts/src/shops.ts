import './browser.ts';
import { z } from 'zod';

/** `GET /platform/shops/by-host/?host=…` (no shop header): the public token of the shop that runs on a host name. */
export const ShopByHost = z.object({ token: z.string() });
export type ShopByHost = z.infer<typeof ShopByHost>;
