export { verantwoordingRoutes } from './verantwoording.routes';
