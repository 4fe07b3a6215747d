// The health module's public surface: the only file other modules and the app import from it.
export { healthRoutes } from './health.routes.ts';
