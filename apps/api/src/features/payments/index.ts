export { paymentsRoutes } from './payments.routes';
export { loadPaymentSubject } from './payments.service';
export { forThePublic, readsPrivate } from './payments.privacy';
export { findPayment } from './payments.service';
export {
  amsterdamDay,
  CONTENT_TYPES,
  csvChunks,
  EURO_FORMAT,
  exportPages,
  sendExport,
  xlsxStream,
  type Column,
  type ExportFile,
  type ExportRow,
} from './payments.export';
export { activityOfPayment, scopeWhere, type Scope } from './payments.queries';
export { managedBy } from './payments.managed';
export { paymentRelationColumns, paymentSubject } from './payments.queries';
export { answerRejection } from './payments.review-state';
export { lockPayment, storeReceipts } from './payments.attachments';
