export { mediaRoutes } from './media.routes';
