export { receiptsRoutes } from './receipts.routes';
export { startReceiptReading, type ReceiptReadings } from './receipts.jobs';
