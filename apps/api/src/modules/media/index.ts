// The media module's public surface: the only file other modules and the app import from it.
export { LocalMediaStorage, type MediaStorage } from './media.storage.ts';
