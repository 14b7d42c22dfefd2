/**
 * A PDF written while it is made. pdf-lib builds a page's objects; once the page is done they are
 * serialised and dropped from the document, so a report of any length, with any number of merged
 * receipts, holds about one page (or one receipt) in memory. Only the page tree's references and,
 * per page, its footer line wait for the end, where the page count ("page 3 of 120") is known.
 *
 * Our pages name their fonts with fixed names. pdf-lib's own drawing names a font anew, with a
 * random suffix, on every drawText, and keeps every name it ever made for the life of the process:
 * about 100 000 names (11 MB) per report of 10 000 lines, never freed.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  beginText,
  endText,
  moveText,
  PDFDocument,
  PDFName,
  PDFPage,
  PDFPageLeaf,
  PDFRef,
  popGraphicsState,
  pushGraphicsState,
  setFillingGrayscaleColor,
  setFontAndSize,
  showText,
  StandardFonts,
  type PDFFont,
  type PDFObject,
  type PDFPageTree,
} from 'pdf-lib';

/** A4 in points. */
export const A4: [number, number] = [595.28, 841.89];
const FOOTER_SIZE = 7.5;
/** Bytes gathered before they are handed on. */
const CHUNK = 64 * 1024;
/** The names our pages give their fonts and image (a page holds at most one image). */
export const REGULAR = PDFName.of('HelderRegular');
export const BOLD = PDFName.of('HelderBold');
export const IMAGE = PDFName.of('HelderImage');
const FOOTER_FONT = PDFName.of('HelderFooter');

interface Footer {
  ref: PDFRef;
  font: PDFName;
  x: number;
  y: number;
  width: number;
  text: string;
}

export class StreamingPdf {
  private written = 0;
  private readonly offsets = new Map<number, number>();
  private pending: Buffer[] = [];
  private readonly footers: Footer[] = [];
  private readonly keep: Set<PDFRef>;

  private constructor(
    readonly doc: PDFDocument,
    readonly font: PDFFont,
    readonly bold: PDFFont,
    private readonly pagesRef: PDFRef,
    private readonly pages: PDFPageTree,
  ) {
    const trailer = doc.context.trailerInfo;
    this.keep = new Set([trailer.Root, trailer.Info, pagesRef].filter((r) => r instanceof PDFRef));
    this.push(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
  }

  static async create(title: string) {
    const doc = await PDFDocument.create();
    doc.setTitle(title);
    doc.setCreator('Helder');
    doc.setProducer('Helder');
    const font = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    await font.embed();
    await bold.embed();
    const pagesRef = doc.catalog.get(PDFName.of('Pages')) as PDFRef;
    const pdf = new StreamingPdf(doc, font, bold, pagesRef, doc.catalog.Pages());
    pdf.flush();
    return pdf;
  }

  private push(bytes: Buffer) {
    this.pending.push(bytes);
    this.written += bytes.byteLength;
  }

  /** The bytes made since they were last handed on, once there are CHUNK of them (or when forced). */
  *ready(force = false): Generator<Buffer> {
    if (!force && this.pending.reduce((n, b) => n + b.byteLength, 0) < CHUNK) return;
    const out = Buffer.concat(this.pending);
    this.pending = [];
    if (out.byteLength > 0) yield out;
  }

  /** Writes every object the document still holds (but the tree's roots) and forgets it. */
  flush() {
    for (const [ref, object] of this.doc.context.enumerateIndirectObjects()) {
      if (this.keep.has(ref)) continue;
      this.writeObject(ref, object);
      this.doc.context.delete(ref);
    }
  }

  private writeObject(ref: PDFRef, object: PDFObject) {
    this.offsets.set(ref.objectNumber, this.written);
    const body = new Uint8Array(object.sizeInBytes());
    object.copyBytesInto(body, 0);
    this.push(Buffer.from(`${ref.objectNumber} ${ref.generationNumber} obj\n`, 'latin1'));
    this.push(Buffer.from(body.buffer, body.byteOffset, body.byteLength));
    this.push(Buffer.from('\nendobj\n', 'latin1'));
  }

  /** Reserves the page's footer: its text is drawn at the end, with the page count. */
  private addFooter(leaf: PDFPageLeaf, text: string) {
    const ref = this.doc.context.nextRef();
    leaf.addContentStream(ref);
    const box = leaf.MediaBox().asRectangle();
    // A merged page keeps its own font names: ours is added under a name it does not use.
    const taken = leaf.normalizedEntries().Font.has(FOOTER_FONT);
    const font = taken ? leaf.newFontDictionary('HelderFooter', this.font.ref) : FOOTER_FONT;
    if (!taken) leaf.setFontDictionary(font, this.font.ref);
    this.footers.push({ ref, font, x: box.x + 40, y: box.y + 20, width: box.width - 80, text });
  }

  /** A new A4 page of ours, at the end of the document. */
  newPage(footer: string): PDFPage {
    const context = this.doc.context;
    const leaf = PDFPageLeaf.withContextAndParent(context, this.pagesRef);
    leaf.set(PDFName.of('MediaBox'), context.obj([0, 0, ...A4]));
    const ref = context.register(leaf);
    this.pages.pushLeafNode(ref);
    leaf.normalize();
    leaf.setFontDictionary(REGULAR, this.font.ref);
    leaf.setFontDictionary(BOLD, this.bold.ref);
    this.addFooter(leaf, footer);
    return PDFPage.of(leaf, ref, this.doc);
  }

  /**
   * Appends a PDF's pages as they are, each with our footer over it; its own drawing is wrapped
   * in q/Q so that whatever state it leaves does not move or hide the footer.
   */
  async appendPdf(source: PDFDocument, footer: string) {
    const copied = await this.doc.copyPages(source, source.getPageIndices());
    const context = this.doc.context;
    for (const page of copied) {
      const leaf = page.node;
      leaf.set(PDFName.of('Parent'), this.pagesRef);
      this.pages.pushLeafNode(page.ref);
      leaf.normalize();
      leaf.wrapContentStreams(
        context.register(context.contentStream([pushGraphicsState()])),
        context.register(context.contentStream([popGraphicsState()])),
      );
      this.addFooter(leaf, footer);
    }
    // Only now: the pages share objects the first flush would take before the rest are set up.
    this.flush();
  }

  /** Draws the footers, writes the rest, the cross-reference table and the trailer. */
  end() {
    const total = this.pages.Count().asNumber();
    const context = this.doc.context;
    this.footers.forEach((f, index) => {
      const page = this.pageText(index + 1, total);
      const pageWidth = this.font.widthOfTextAtSize(page, FOOTER_SIZE);
      const right = f.x + f.width - pageWidth;
      const line = (x: number, y: number, text: string) => [
        beginText(),
        setFontAndSize(f.font, FOOTER_SIZE),
        moveText(x, y),
        showText(this.font.encodeText(text)),
        endText(),
      ];
      // Wrapped (upwards) where it would run into the page number or off a narrow page.
      const lines = this.wrap(f.text, f.width - pageWidth - 10);
      context.assign(
        f.ref,
        context.contentStream([
          pushGraphicsState(),
          setFillingGrayscaleColor(0.3),
          ...lines.flatMap((text, i) =>
            line(f.x, f.y + (lines.length - 1 - i) * (FOOTER_SIZE + 2), text),
          ),
          ...line(right, f.y, page),
          popGraphicsState(),
        ]),
      );
    });
    this.footers.length = 0;
    this.keep.clear();
    this.flush();
    const size = context.largestObjectNumber + 1;
    const xrefAt = this.written;
    const rows = ['xref', `0 ${size}`, '0000000000 65535 f '];
    for (let n = 1; n < size; n++) {
      const at = this.offsets.get(n);
      rows.push(
        at === undefined ? '0000000000 00000 f ' : `${String(at).padStart(10, '0')} 00000 n `,
      );
    }
    const trailer = context.trailerInfo;
    const info = trailer.Info instanceof PDFRef ? ` /Info ${trailer.Info.toString()}` : '';
    rows.push(
      'trailer',
      `<< /Size ${size} /Root ${String(trailer.Root)}${info} >>`,
      'startxref',
      String(xrefAt),
      '%%EOF',
      '',
    );
    this.push(Buffer.from(rows.join('\n'), 'latin1'));
  }

  /** The footer's text in lines no wider than `width`, broken between words. */
  private wrap(text: string, width: number): string[] {
    const lines: string[] = [];
    let current = '';
    for (const word of text.split(' ')) {
      const next = current ? `${current} ${word}` : word;
      if (current && this.font.widthOfTextAtSize(next, FOOTER_SIZE) > width) {
        lines.push(current);
        current = word;
      } else current = next;
    }
    return [...lines, current];
  }

  /** Set by the report: "Pagina 3 van 120" in its language. */
  pageText: (page: number, total: number) => string = (page, total) => `${page}/${total}`;
}

/**
 * A PDF's chunks as a stream, the event loop given a turn after each: a database in the process
 * (PGlite) answers without I/O, so a report would otherwise run from promise to promise without
 * its first bytes being sent or any other request being answered.
 */
export function pdfReadable(chunks: AsyncIterable<Buffer>): Readable {
  async function* turns() {
    for await (const chunk of chunks) {
      yield chunk;
      await nextTurn();
    }
  }
  return Readable.from(turns(), { objectMode: false });
}
