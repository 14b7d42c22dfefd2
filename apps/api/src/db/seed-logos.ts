import { eq } from 'drizzle-orm';
import { loadSharp, storeFile } from '../lib/pictures';
import type { Storage } from '../lib/storage';
import type { Tx } from './client';
import { funders } from './schema';

/**
 * Logos for the demo funders, drawn here: an emblem in the funder's colour with its initials and
 * a pattern of rings from its name, so the demo needs no binary files and no one's real logo. They
 * are stored as an uploaded logo is (lib/pictures: original and thumbnails).
 */

const SIZE = 256;

/** The demo funders' own colours; any other funder gets one from its name. */
const COLOURS: Record<string, string> = {
  'Gemeente Amsterdam': '#c8102e',
  'Oranje Fonds': '#d35400',
};

/** FNV-1a: a stable number per name, the same on every machine and every run. */
function hash(text: string) {
  let h = 0x811c9dc5;
  for (const c of text) {
    h ^= c.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The first letters of the name's first two words that start with a capital: 'GA', 'OF'. */
function logoInitials(name: string) {
  const words = name.split(/\s+/).filter((w) => /^\p{Lu}/u.test(w));
  return (words.length > 0 ? words : name.split(/\s+/))
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.codePointAt(0)!};`);

/** The logo of `name` as SVG: a coloured disc with rings and the initials. */
function logoSvg(name: string) {
  const h = hash(name);
  const colour = COLOURS[name] ?? `hsl(${h % 360} 65% 38%)`;
  const rings = 2 + (h % 3);
  const centre = SIZE / 2;
  const ringSvg = Array.from({ length: rings }, (_, i) => {
    const r = centre - 14 - i * 12;
    return `<circle cx="${centre}" cy="${centre}" r="${r}" fill="none" stroke="#ffffff" stroke-opacity="${0.5 - i * 0.12}" stroke-width="4"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
  <circle cx="${centre}" cy="${centre}" r="${centre - 2}" fill="${colour}"/>
  ${ringSvg}
  <text x="${centre}" y="${centre}" text-anchor="middle" dominant-baseline="central" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="88" fill="#ffffff">${escapeXml(logoInitials(name))}</text>
</svg>`;
}

/** The logo of `name` as a PNG of a few kilobytes (a palette, transparent around the disc). */
async function logoPng(name: string) {
  const sharp = await loadSharp();
  return sharp(Buffer.from(logoSvg(name)))
    .png({ palette: true })
    .toBuffer();
}

/** Gives every demo funder its logo, stored as an upload would be. */
export async function seedLogos(tx: Tx, storage: Storage) {
  const rows = await tx.select({ id: funders.id, name: funders.name }).from(funders);
  for (const { id, name } of rows) {
    const key = await storeFile(storage, `funders/${id}`, await logoPng(name), 'image/png');
    await tx.update(funders).set({ logoKey: key }).where(eq(funders.id, id));
  }
  return rows.length;
}
