// The media module's public surface: the only file other modules and the app import from it.
export { IMAGE_MAX_BYTES, storeImage } from './media.images.ts';
export { mediaAdminRoutes } from './media.routes.ts';
export { LocalMediaStorage, type MediaStorage } from './media.storage.ts';
export { IMAGE_UPLOAD_LIMITS, readImageUpload } from './media.upload.ts';
