export { verantwoordingRoutes } from './verantwoording.routes';
// The PDF writer and its layout, for the other reports written as PDF (the funder's overview).
export { Layout, WIDTH, type Cell } from './verantwoording.layout';
export { pdfReadable, StreamingPdf } from './verantwoording.pdf-writer';
export { sayIn } from './verantwoording.texts';
