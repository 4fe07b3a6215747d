// The blog module's public surface: the only file other modules and the app import from it.
export { blogAdminRoutes, blogRoutes } from './blog.routes.ts';
export { createPost, importComment, setCommentModeration } from './blog.service.ts';
