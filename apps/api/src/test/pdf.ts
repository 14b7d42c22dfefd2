import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Each page's text, one string per line (items on the same baseline, left to right). */
export async function pdfLines(data: Buffer): Promise<string[][]> {
  const doc = await getDocument({
    data: new Uint8Array(data),
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const pages: string[][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    const rows = new Map<number, { x: number; s: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || item.str.trim() === '') continue;
      const y = Math.round(item.transform[5] as number);
      rows.set(y, [...(rows.get(y) ?? []), { x: item.transform[4] as number, s: item.str }]);
    }
    pages.push(
      [...rows.entries()]
        .sort(([a], [b]) => b - a)
        .map(([, items]) =>
          items
            .sort((a, b) => a.x - b.x)
            .map((i) => i.s.replace(/\u00a0/g, ' '))
            .join(' | '),
        ),
    );
  }
  await doc.destroy();
  return pages;
}
