export * from './accounts.ts';
export * from './catalog.ts';
export * from './content.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './orders.ts';
export * from './settings.ts';
