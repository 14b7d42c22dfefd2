export { overviewRoutes } from './overview.routes';
