// First, before any schema is built: in a browser, without eval (see browser.ts).
import './browser.ts';

export * from './accounts.ts';
export * from './answers.ts';
export * from './catalog.ts';
export * from './content.ts';
export * from './errors.ts';
export * from './ids.ts';
export * from './json.ts';
export * from './limits.ts';
export * from './money.ts';
export * from './order-lifecycle.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './selling-abroad.ts';
export * from './settings.ts';
export * from './shops.ts';
export * from './stock-alerts.ts';
export * from './token-renewal.ts';
