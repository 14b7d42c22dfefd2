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
import { brightest, flatten, paperBox, skewAngle } from './receipt-paper';

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

/** The longest side of the grey copy the paper is looked for in. */
const PAPER_SEARCH_SIDE = 400;
/** The lighting is measured this many times smaller than the picture: it has no fine detail. */
const LIGHT_SCALE = 8;

type Sharp = Awaited<ReturnType<typeof loadSharp>>;
type Grey = { data: Uint8Array; width: number; height: number };
const greyInput = ({ width, height }: Grey) => ({ raw: { width, height, channels: 1 as const } });

/** Where the paper lies, in the upright picture's pixels; null for a scan that is all paper. */
async function paperArea(open: () => ReturnType<Sharp>) {
  const { autoOrient: full } = await open().metadata();
  const { data, info } = await open()
    .resize({ width: PAPER_SEARCH_SIDE, height: PAPER_SEARCH_SIDE, fit: 'inside' })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const box = paperBox(data, info.width, info.height);
  if (!box) return null;
  const [sx, sy] = [full.width / info.width, full.height / info.height];
  const left = Math.floor(box.left * sx);
  const top = Math.floor(box.top * sy);
  return {
    left,
    top,
    width: Math.min(full.width - left, Math.ceil(box.width * sx)),
    height: Math.min(full.height - top, Math.ceil(box.height * sy)),
  };
}

/**
 * The grey picture with its lighting divided out: the paper's brightness measured on a small
 * copy with the print taken out (see `brightest`), softened, enlarged back.
 */
async function evenlyLit(sharp: Sharp, grey: Grey): Promise<Grey> {
  const { width, height } = grey;
  const small = await sharp(grey.data, greyInput(grey))
    // A linear kernel: lanczos would ring beside the print, brighter than the paper.
    .resize(Math.ceil(width / LIGHT_SCALE), Math.ceil(height / LIGHT_SCALE), { kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  const paper = brightest(small.data, small.info.width, small.info.height, 2);
  const background = await sharp(paper, {
    raw: { width: small.info.width, height: small.info.height, channels: 1 },
  })
    .blur(1.5)
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { data: flatten(grey.data, background), width, height };
}

/**
 * The picture as the OCR reads it best: upright (EXIF), no larger than OCR_SIDE, grey, stretched
 * contrast, specks removed; decoded within the image job slots. A photograph of the receipt on a
 * darker table is first cropped to the paper, evenly lit and levelled: what a scan never needs,
 * and which would only add edges to read at a scan's tilted borders.
 */
export async function preparePicture(input: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  const open = () =>
    sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', autoOrient: true });
  const fit = {
    width: OCR_SIDE,
    height: OCR_SIDE,
    fit: 'inside',
    withoutEnlargement: true,
  } as const;
  // A picture states no resolution Tesseract can use (raw pixels none, a scan its own before the
  // resize, often none or 1 000 px per metre): each says 72 dpi, or Tesseract warns and takes 70.
  const png = (image: ReturnType<typeof open>) =>
    image.withMetadata({ density: 72 }).png().toBuffer();
  return imageJob(async () => {
    let grey: Grey;
    try {
      const area = await paperArea(open);
      if (!area) {
        return await png(open().resize(fit).grayscale().normalise().median(3));
      }
      const { data, info } = await open()
        .extract(area)
        .resize(fit)
        .grayscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      grey = { data, width: info.width, height: info.height };
    } catch {
      throw new UnreadableReceipt('unreadable');
    }
    const even = await evenlyLit(sharp, grey);
    const skew = skewAngle(even.data, even.width, even.height);
    return png(
      sharp(even.data, greyInput(even)).rotate(-skew, { background: '#fff' }).normalise().median(3),
    );
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
