// The media module's public surface: the only file other modules and the app import from it.
export {
  findPicturesById,
  findStoredPictures,
  IMAGE_MAX_BYTES,
  imageVariants,
  type PreparedImage,
  pictureColour,
  prepareImage,
  recordImage,
  type StoredPicture,
  storeImage,
} from './media.images.ts';
export { fillPictureColours, mediaJobs } from './media.jobs.ts';
export { type MediaFiles, mediaColumns } from './media.repository.ts';
export { mediaAdminRoutes, mediaFileRoutes } from './media.routes.ts';
export {
  createMediaStorage,
  LocalMediaStorage,
  type MediaStorage,
  S3MediaStorage,
  type StoredMedia,
} from './media.storage.ts';
export { IMAGE_UPLOAD_LIMITS, readImageUpload } from './media.upload.ts';
