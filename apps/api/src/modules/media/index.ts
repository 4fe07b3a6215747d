// The media module's public surface: the only file other modules and the app import from it.
export { IMAGE_MAX_BYTES, storeImage } from './media.images.ts';
export { LocalMediaStorage, type MediaStorage } from './media.storage.ts';
