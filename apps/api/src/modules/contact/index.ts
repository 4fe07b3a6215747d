// The contact module's public surface: the only file other modules and the app import from it.
export { contactAdminRoutes, contactRoutes } from './contact.routes.ts';
export { createContactInfo } from './contact.service.ts';
