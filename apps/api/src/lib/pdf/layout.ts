/**
 * Lines, headings and table rows on A4 pages that follow each other: a new page when the next
 * thing does not fit, the finished page handed to the writer. Helvetica covers Western European
 * text and the euro sign (WinAnsi); any other character is written without its accent, or as '?'.
 */
import {
  degrees,
  drawImage,
  drawLine,
  drawText,
  rgb,
  type PDFFont,
  type PDFImage,
  type PDFPage,
} from 'pdf-lib';
import { A4, BOLD, IMAGE, REGULAR, type StreamingPdf } from './writer';

export const MARGIN = 50;
export const WIDTH = A4[0] - 2 * MARGIN;
const BOTTOM = 48;
const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.5, 0.5, 0.5);

export interface Cell {
  text: string;
  width: number;
  right?: boolean;
}

export class Layout {
  page: PDFPage | null = null;
  y = 0;
  private readonly known: Set<number>;

  constructor(
    readonly pdf: StreamingPdf,
    private readonly footer: string,
  ) {
    this.known = new Set(pdf.font.getCharacterSet());
  }

  /** The text in characters the font has: accents dropped where needed, the rest '?'. */
  clean = (text: string): string =>
    Array.from(text.replace(/[\r\n\t]+/g, ' ').normalize('NFC'), (c) => {
      if (this.known.has(c.codePointAt(0)!)) return c;
      const plain = c.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      if (plain !== '' && [...plain].every((p) => this.known.has(p.codePointAt(0)!))) return plain;
      if (/\s/.test(c)) return ' ';
      return /[\u2010-\u2015\u2212]/.test(c) ? '-' : '?';
    }).join('');

  /** The cleaned text, shortened with '…' to fit the width. */
  fit(text: string, width: number, size: number, font: PDFFont) {
    let t = this.clean(text);
    if (font.widthOfTextAtSize(t, size) <= width) return t;
    while (t.length > 0 && font.widthOfTextAtSize(`${t}…`, size) > width) t = t.slice(0, -1);
    return `${t.trimEnd()}…`;
  }

  /** Starts a page of ours (the last one goes to the writer first). */
  newPage(footer = this.footer) {
    if (this.page) this.pdf.flush();
    this.page = this.pdf.newPage(this.clean(footer));
    this.y = A4[1] - MARGIN;
    return this.page;
  }

  /** Ends the current page, if any. */
  close() {
    if (this.page) this.pdf.flush();
    this.page = null;
  }

  /**
   * Text in the page's fixed font names (the writer's REGULAR and BOLD), not through
   * page.drawText, which makes a new font name every time it is called.
   */
  private text(page: PDFPage, text: string, x: number, y: number, size: number, font: PDFFont) {
    const name = font === this.pdf.bold ? BOLD : REGULAR;
    const straight = { rotate: degrees(0), xSkew: degrees(0), ySkew: degrees(0) };
    page.pushOperators(
      ...drawText(font.encodeText(text), { ...straight, color: BLACK, font: name, size, x, y }),
    );
  }

  /** The page's image (one a page), drawn at x, y (its lower left corner). */
  image(
    page: PDFPage,
    image: PDFImage,
    box: { x: number; y: number; width: number; height: number },
  ) {
    page.node.setXObject(IMAGE, image.ref);
    page.pushOperators(
      ...drawImage(IMAGE, { ...box, rotate: degrees(0), xSkew: degrees(0), ySkew: degrees(0) }),
    );
  }

  /** A new page unless `height` more fits on this one: keeps a section's lines together. */
  keep(height: number) {
    if (this.page && this.y - height < BOTTOM) this.newPage();
  }

  private room(height: number) {
    if (!this.page || this.y - height < BOTTOM) this.newPage();
    return this.page!;
  }

  heading(text: string, size = 14) {
    const page = this.room(size * 2 + 24);
    this.y -= size + 4;
    this.text(
      page,
      this.fit(text, WIDTH, size, this.pdf.bold),
      MARGIN,
      this.y,
      size,
      this.pdf.bold,
    );
    this.y -= 10;
  }

  /** A paragraph, wrapped on spaces. */
  paragraph(text: string, size = 9.5) {
    const words = this.clean(text).split(' ');
    let line = '';
    const out = (l: string) => {
      const page = this.room(size + 5);
      this.y -= size + 4;
      this.text(page, l, MARGIN, this.y, size, this.pdf.font);
    };
    for (const word of words) {
      const next = line ? `${line} ${word}` : word;
      if (line && this.pdf.font.widthOfTextAtSize(next, size) > WIDTH) {
        out(line);
        line = word;
      } else line = next;
    }
    if (line) out(line);
    this.y -= 4;
  }

  /** One table row; `rule` draws a line above it (headers and totals). */
  row(cells: Cell[], options: { bold?: boolean; rule?: boolean; size?: number } = {}) {
    const size = options.size ?? 8.5;
    const font = options.bold ? this.pdf.bold : this.pdf.font;
    const page = this.room(size + 6);
    if (options.rule) {
      page.pushOperators(
        ...drawLine({
          start: { x: MARGIN, y: this.y - 1 },
          end: { x: MARGIN + WIDTH, y: this.y - 1 },
          thickness: 0.5,
          color: GREY,
        }),
      );
    }
    this.y -= size + 4;
    let x = MARGIN;
    for (const cell of cells) {
      const text = this.fit(cell.text, cell.width - 4, size, font);
      const at = cell.right ? x + cell.width - 4 - font.widthOfTextAtSize(text, size) : x;
      this.text(page, text, at, this.y, size, font);
      x += cell.width;
    }
  }

  gap(points: number) {
    this.y -= points;
  }
}
