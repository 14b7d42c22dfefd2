export { fundersRoutes } from './funders.routes';
export { findFunder, loadFunderSubject } from './funders.service';
