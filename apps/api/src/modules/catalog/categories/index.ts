// The catalog's categories: the storefront's reads, the seed's writes and staff's administration.

export { requireCategory } from './categories.admin.ts';
export { categoryAdminRoutes, categoryRoutes } from './categories.routes.ts';
export { createCategory, listCategories } from './categories.service.ts';
