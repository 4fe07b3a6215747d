// One file per feature; every tenant-owned table has a `tenantId` column (see db/tenant-scope.ts).

export * from './accounts.ts';
export * from './catalog.ts';
export * from './content.ts';
export * from './currencies.ts';
export * from './discounts.ts';
export * from './documents.ts';
export * from './mail.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './product-csv.ts';
export * from './returns.ts';
export * from './shipping.ts';
export * from './stock-alerts.ts';
export * from './tax.ts';
export * from './tenants.ts';
