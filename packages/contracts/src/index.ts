export * from './catalog.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './settings.ts';
