import { eq } from 'drizzle-orm';
import type { Storage } from '../lib/storage';
import { loadSharp, storeFile } from '../lib/pictures';
import type { Tx } from './client';
import { activities, initiatives } from './schema';

/**
 * Cover pictures for the demo initiatives and activities, drawn here from each one's name: a
 * neighbourhood at a time of day, in colours of its own, so no two cards look alike and the demo
 * needs no binary files in the repo. They are stored as an upload is (lib/pictures: original and
 * thumbnails), so the demo serves them exactly as it serves a picture someone uploaded.
 */

const WIDTH = 640;
const HEIGHT = 360;

/** FNV-1a: a stable 32-bit number per name, the same on every machine and every run. */
function hash(text: string) {
  let h = 0x811c9dc5;
  for (const c of text) {
    h ^= c.codePointAt(0)!;
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** A small generator of numbers in [0, 1) from a seed (mulberry32). */
function numbers(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360} ${s}% ${l}%)`;

/** A ridge across the picture at height `y`, `bumps` soft hills wide. */
function ridge(next: () => number, y: number, bumps: number, amplitude: number) {
  const step = WIDTH / bumps;
  let d = `M0 ${HEIGHT} L0 ${y}`;
  for (let i = 0; i < bumps; i++) {
    const peak = y - amplitude * (0.4 + next() * 0.6);
    d += ` Q${Math.round(step * i + step / 2)} ${Math.round(peak)} ${Math.round(step * (i + 1))} ${y}`;
  }
  return `${d} L${WIDTH} ${HEIGHT} Z`;
}

/** A row of houses and trees on the ground line `y`. */
function street(next: () => number, y: number, hue: number) {
  const shapes: string[] = [];
  let x = -10 + next() * 30;
  while (x < WIDTH) {
    if (next() < 0.3) {
      const r = 14 + next() * 12;
      shapes.push(
        `<rect x="${x + r - 3}" y="${y - 18}" width="6" height="18" fill="${hsl(hue + 20, 30, 22)}"/>`,
        `<circle cx="${x + r}" cy="${y - 18 - r}" r="${r}" fill="${hsl(hue + 100, 45, 30)}"/>`,
      );
      x += r * 2 + 8;
    } else {
      const w = 40 + next() * 40;
      const h = 40 + next() * 60;
      const roof = 14 + next() * 16;
      const body = hsl(hue + next() * 60 - 30, 35 + next() * 25, 40 + next() * 25);
      shapes.push(
        `<rect x="${x}" y="${y - h}" width="${w}" height="${h}" fill="${body}"/>`,
        `<path d="M${x - 4} ${y - h} L${x + w / 2} ${y - h - roof} L${x + w + 4} ${y - h} Z" fill="${hsl(hue + 180, 35, 28)}"/>`,
      );
      for (let wx = x + 8; wx + 10 < x + w - 4; wx += 18) {
        for (let wy = y - h + 10; wy + 12 < y - 8; wy += 22) {
          shapes.push(
            `<rect x="${wx}" y="${wy}" width="10" height="12" fill="${hsl(48, 90, next() < 0.5 ? 80 : 92)}"/>`,
          );
        }
      }
      x += w + 6 + next() * 20;
    }
  }
  return shapes.join('');
}

/** The cover of `name` as SVG: sky, sun, hills and a street, all from the name. */
function coverSvg(name: string) {
  const next = numbers(hash(name));
  const hue = next() * 360;
  const sunX = 80 + next() * (WIDTH - 160);
  const sunY = 60 + next() * 80;
  const ground = HEIGHT - 40 - next() * 30;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${hsl(hue, 70, 62)}"/><stop offset="1" stop-color="${hsl(hue + 40, 80, 86)}"/>
  </linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${sunY}" r="${34 + next() * 20}" fill="${hsl(hue + 180, 90, 88)}" opacity="0.9"/>
  <path d="${ridge(next, ground - 90, 3, 60)}" fill="${hsl(hue + 120, 30, 60)}"/>
  <path d="${ridge(next, ground - 40, 5, 40)}" fill="${hsl(hue + 140, 35, 48)}"/>
  ${street(next, ground, hue)}
  <rect y="${ground}" width="${WIDTH}" height="${HEIGHT - ground}" fill="${hsl(hue + 150, 30, 32)}"/>
</svg>`;
}

/** The cover of `name` as a PNG of a few tens of kilobytes (a palette, like the receipts). */
async function coverPng(name: string) {
  const sharp = await loadSharp();
  return sharp(Buffer.from(coverSvg(name)))
    .png({ palette: true })
    .toBuffer();
}

/** Draws and stores the covers of named rows; their keys by id. */
async function coversOf(
  storage: Storage,
  folder: string,
  rows: Array<{ id: number; name: string }>,
) {
  // Side by side; storeFile's job slots bound how many images are decoded at once.
  return Promise.all(
    rows.map(async ({ id, name }) => ({
      id,
      key: await storeFile(storage, `${folder}/${id}`, await coverPng(name), 'image/png'),
    })),
  );
}

/** Gives every demo initiative and activity its cover, stored as an upload would be. */
export async function seedCovers(tx: Tx, storage: Storage) {
  const named = { id: initiatives.id, name: initiatives.name };
  const initiativeCovers = await coversOf(
    storage,
    'initiatives',
    await tx.select(named).from(initiatives),
  );
  const activityCovers = await coversOf(
    storage,
    'activities',
    await tx.select({ id: activities.id, name: activities.name }).from(activities),
  );
  for (const { id, key } of initiativeCovers) {
    await tx.update(initiatives).set({ pictureKey: key }).where(eq(initiatives.id, id));
  }
  for (const { id, key } of activityCovers) {
    await tx.update(activities).set({ pictureKey: key }).where(eq(activities.id, id));
  }
  return initiativeCovers.length + activityCovers.length;
}
