export { spendingRoutes } from './spending.routes';
