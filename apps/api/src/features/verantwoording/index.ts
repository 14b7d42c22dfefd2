export { verantwoordingRoutes } from './verantwoording.routes';
export { sayIn } from './verantwoording.texts';
