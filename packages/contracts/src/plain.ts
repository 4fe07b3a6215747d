// The contracts' values and functions that need no schema, and so no zod: what the storefront's first load may
// import (its answers' schemas load with the first call it parses, `apps/storefront/app/lib/contracts.ts`).
export * from './catalog-rules.ts';
export * from './customization.ts';
export * from './error-texts.ts';
export * from './json.ts';
export * from './made-to-order.ts';
export * from './minor-units.ts';
export * from './selling-abroad-rules.ts';
