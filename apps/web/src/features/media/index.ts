/** Public entry of the media feature. */
export { MediaGallery } from './MediaGallery';
export { isPdf, mediaQueries } from './api';
