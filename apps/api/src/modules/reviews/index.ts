// The reviews module's public surface: the only file other modules and the app import from it.

export { reviewsAdminRoutes, reviewsRoutes } from './reviews.routes.ts';
export { createReview, productPageReviews } from './reviews.service.ts';
