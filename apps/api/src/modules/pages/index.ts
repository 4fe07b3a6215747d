// The pages module's public surface: the only file other modules and the app import from it.
export { pagesAdminRoutes, pagesRoutes } from './pages.routes.ts';
export { createDocument, createFaq } from './pages.service.ts';
