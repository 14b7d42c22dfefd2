export { paymentsRoutes } from './payments.routes';
export { loadPaymentSubject } from './payments.service';
