export { paymentsRoutes } from './payments.routes';
export { loadPaymentSubject } from './payments.service';
export { forThePublic, readsPrivate } from './payments.privacy';
