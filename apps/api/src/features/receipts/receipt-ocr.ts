/**
 * A receipt's text, read on this machine: a picture through Tesseract (WebAssembly, with its
 * Dutch model from an installed package), a PDF through its text layer. Nothing is downloaded:
 * the OCR worker runs with its network taken away, so a missing file fails instead of fetching.
 */
import { createRequire } from 'node:module';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Worker } from 'tesseract.js';
import { imageJob, loadSharp } from '../../lib/pictures';
import type { ReceiptLine } from './receipt-parse';

/** Why a receipt could not be read; stored with a failed reading and shown to the person. */
export type UnreadableReason =
  'unreadable' | 'encrypted' | 'too_many_pages' | 'no_text' | 'timeout';

export class UnreadableReceipt extends Error {
  constructor(readonly reason: UnreadableReason) {
    super(`The receipt cannot be read: ${reason}`);
  }
}

/** A receipt of more pages is a statement or a contract, not a receipt. */
export const MAX_PDF_PAGES = 5;
/** The longest side the OCR sees: receipt text stays legible, memory and time stay bounded. */
const OCR_SIDE = 2400;
/** Pixels sharp may decode at all; larger pictures are refused at upload already. */
const MAX_INPUT_PIXELS = 100_000_000;

const require = createRequire(import.meta.url);

/**
 * The worker's script: the network is gone before Tesseract's own script loads, so neither the
 * model nor the core can be fetched, whatever the options say.
 */
function offlineWorkerScript() {
  const tesseractScript = path.join(
    path.dirname(require.resolve('tesseract.js')),
    'worker-script',
    'node',
    'index.js',
  );
  const code = `
    import { createRequire } from 'node:module';
    import net from 'node:net';
    const offline = () => {
      // Its refusal goes back to the app first; then the thread ends, as nothing waits on it.
      setTimeout(() => process.exit(1), 200);
      throw new Error('network access is disabled for the OCR');
    };
    globalThis.fetch = async () => offline();
    net.Socket.prototype.connect = offline;
    createRequire(${JSON.stringify(tesseractScript)})(${JSON.stringify(tesseractScript)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(code)}`);
}

/** The Dutch model in its integer ("best_int") build: as accurate, a third of the size and faster. */
const dutchModel = () =>
  path.join(path.dirname(require.resolve('@tesseract.js-data/nld')), '4.0.0_best_int');

export interface OcrOptions {
  /** Where the model is read from; only tests point it elsewhere. */
  langPath?: string;
}

/** A Tesseract worker for Dutch receipts, offline. */
export async function startOcr(options: OcrOptions = {}): Promise<Worker> {
  const { createWorker, OEM, PSM } = await import('tesseract.js');
  // A model that fails to load is only reported here: createWorker's promise never settles then.
  let failed: (reason: unknown) => void = () => {};
  const failure = new Promise<never>((_, reject) => (failed = reject));
  const starting = createWorker('nld', OEM.LSTM_ONLY, {
    // A URL object goes to the Worker constructor as it is.
    workerPath: offlineWorkerScript() as unknown as string,
    langPath: options.langPath ?? dutchModel(),
    corePath: path.dirname(require.resolve('tesseract.js-core')),
    gzip: true,
    // The model is read from the package each time: no cache to write or to trust.
    cacheMethod: 'none',
    cachePath: await mkdtemp(path.join(tmpdir(), 'ocr-')),
    errorHandler: (reason: unknown) => failed(new Error(String(reason))),
  });
  const worker = await Promise.race([starting, failure]);
  // A receipt is one column of lines.
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
  return worker;
}

/**
 * The picture as the OCR reads it best: upright (EXIF), grey, stretched contrast, specks
 * removed, no larger than OCR_SIDE; decoded within the image job slots.
 */
export async function preparePicture(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return imageJob(async () => {
    try {
      return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: OCR_SIDE, height: OCR_SIDE, fit: 'inside', withoutEnlargement: true })
        .grayscale()
        .normalise()
        .median(3)
        .png()
        .toBuffer();
    } catch {
      throw new UnreadableReceipt('unreadable');
    }
  });
}

/** The lines Tesseract read, each with its confidence. */
export async function pictureLines(worker: Worker, input: Buffer): Promise<ReceiptLine[]> {
  const picture = await preparePicture(input);
  const { data } = await worker.recognize(picture, {}, { text: true, blocks: true });
  const lines = (data.blocks ?? []).flatMap((block) =>
    block.paragraphs.flatMap((paragraph) =>
      paragraph.lines.map((line) => ({
        text: line.text.trim(),
        confidence: line.confidence / 100,
      })),
    ),
  );
  return lines.length > 0
    ? lines
    : data.text.split('\n').map((text) => ({ text, confidence: data.confidence / 100 }));
}

/** The text layer of a PDF receipt, line by line; a scan without text has none. */
export async function pdfLines(input: Buffer): Promise<ReceiptLine[]> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = pdfjs.getDocument({
    data: new Uint8Array(input),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  let document;
  try {
    document = await task.promise;
  } catch (err) {
    await task.destroy();
    const name = (err as { name?: string }).name;
    throw new UnreadableReceipt(name === 'PasswordException' ? 'encrypted' : 'unreadable');
  }
  try {
    if (document.numPages > MAX_PDF_PAGES) throw new UnreadableReceipt('too_many_pages');
    const lines: ReceiptLine[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      let current = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        current += item.str;
        if (item.hasEOL) {
          lines.push({ text: current });
          current = '';
        } else if (item.str && !current.endsWith(' ')) current += ' ';
      }
      if (current.trim()) lines.push({ text: current });
      page.cleanup();
    }
    if (!lines.some((line) => line.text.trim())) throw new UnreadableReceipt('no_text');
    return lines;
  } finally {
    await task.destroy();
  }
}
