// The search module's public surface: the only file other modules and the app import from it. It plans what a
// shopper typed (synonyms, corrections) and ranks; the module that owns the searched table runs the statements.

export { type IntentSort, parseSearchIntent, type SearchIntent } from './search.intent.ts';
export {
  explainMatch,
  FUZZY_SEARCH_MAX_CANDIDATES,
  SEARCH_CANDIDATES_MAX,
  type SearchPlan,
  STRICT_SEARCH_MIN_MATCHES,
} from './search.planning.ts';
export { type SearchDocument, searchSql } from './search.repository.ts';
export { searchAdminRoutes, searchRoutes } from './search.routes.ts';
export { createSynonymGroups, planProductSearch, type SearchedProducts } from './search.service.ts';
