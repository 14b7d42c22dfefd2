import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { receiptPhotograph } from '../../test/receipt-photos';
import { generatedReceipt, receiptPicture, seeded } from '../../test/receipts';
import { paperBox, skewAngle } from './receipt-paper';

/** A picture's grey copy at the size the reader looks for the paper in. */
async function grey(picture: Buffer, side = 400) {
  const { data, info } = await sharp(picture)
    .resize({ width: side, height: side, fit: 'inside' })
    .grayscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

describe('finding the paper in a picture', () => {
  it('crops a photograph to the receipt on the table, all four corners inside', async () => {
    const { lines } = generatedReceipt(seeded(8103));
    const { jpeg, corners } = await receiptPhotograph(lines, 6);
    const { data, width, height } = await grey(jpeg);
    const box = paperBox(data, width, height)!;
    const scale = width / 3000;
    const xs = corners.map(([x]) => x * scale);
    const ys = corners.map(([, y]) => y * scale);
    // Every corner inside the box, and the box no more than a margin around them.
    expect(box.left).toBeLessThanOrEqual(Math.min(...xs));
    expect(box.top).toBeLessThanOrEqual(Math.min(...ys));
    expect(box.left + box.width).toBeGreaterThanOrEqual(Math.max(...xs));
    expect(box.top + box.height).toBeGreaterThanOrEqual(Math.max(...ys));
    const paper = (Math.max(...xs) - Math.min(...xs)) * (Math.max(...ys) - Math.min(...ys));
    expect(box.width * box.height).toBeLessThan(paper * 1.2);
  });

  it('leaves a scan that is all paper, and a dark picture, as they are', async () => {
    const scan = await grey(await receiptPicture(['Bakkerij de Graaf', 'Totaal 12,50']));
    expect(paperBox(scan.data, scan.width, scan.height)).toBeNull();
    expect(paperBox(new Uint8Array(300 * 400).fill(20), 300, 400)).toBeNull();
  });

  it.each([3, -2.5])('measures the slant of lines turned by %s degrees', async (degrees) => {
    const { lines } = generatedReceipt(seeded(8104));
    const turned = await receiptPicture(lines, { rotate: degrees, format: 'png' });
    const { data, width, height } = await grey(turned, 2000);
    expect(Math.abs(skewAngle(data, width, height) - degrees)).toBeLessThanOrEqual(0.5);
  });
});
