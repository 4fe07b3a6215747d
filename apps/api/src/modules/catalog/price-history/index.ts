// The prices products and variants were sold at (decision 020): written by triggers, read for the lowest price of the
// 30 days before a reduction.

export { lowestPriceBefore } from './price-history.repository.ts';
export { getPriceHistory, type PriceHistoryEntry, recordPastPrices } from './price-history.service.ts';
