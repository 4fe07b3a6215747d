// The catalog feature's public surface: the search box's completions (asked for and turned into options).
export { fetchSearchCompletions } from './api/products.ts';
export {
  type CompletionOption,
  completionOptions,
  completionsAnnouncement,
  emphasizeTyped,
} from './search-completions.ts';
