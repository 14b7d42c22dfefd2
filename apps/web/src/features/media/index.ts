/** Public entry of the media feature. */
export { MediaGallery } from './MediaGallery';
export { mediaKeys, useMedia, type MediaScope } from './api';
