export { receiptsRoutes } from './receipts.routes';
export { startReceiptReading } from './receipts.jobs';
