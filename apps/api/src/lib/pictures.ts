import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Picture } from '@helder/shared/users';
import type { Config } from '../config/env';
import type { Ctx } from '../http/context';
import { AppError } from '../http/errors';
import { signFileUrl } from './file-urls';
import type { Storage } from './storage';
import type { SniffedType } from '../http/uploads';

const THUMBNAIL_SIZES = [128, 256, 512] as const;
/**
 * Pictures above this are refused from their header (docs/api-rules.md §11: at most 40 megapixels).
 */
export const MAX_PIXELS = 40_000_000;
/**
 * Receipt photos may be larger than pictures: a phone's 48- or 50-megapixel photo is ordinary.
 * Beyond this they are refused from their header (docs/api-rules.md §11).
 */
export const MAX_ATTACHMENT_PIXELS = 100_000_000;

let sharpModule: Promise<typeof import('sharp').default> | undefined;

/**
 * sharp, loaded on the first image: libvips costs ~30 MB of resident memory that a server which
 * is not handling pictures should not carry.
 */
export function loadSharp() {
  sharpModule ??= import('sharp').then(({ default: sharp }) => {
    // Throughput matters less than a predictable footprint: one libvips thread per image, so
    // the job limit below is also the CPU limit, and no operation cache holding decoded images.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return sharpModule;
}

/** Image jobs running at once across the process; each may hold a decoded picture in memory. */
const IMAGE_JOBS = 2;
let runningJobs = 0;
const waitingJobs: (() => void)[] = [];

/** Runs `job` when fewer than IMAGE_JOBS image jobs are running; the others wait their turn. */
export async function imageJob<T>(job: () => Promise<T>): Promise<T> {
  if (runningJobs < IMAGE_JOBS) runningJobs += 1;
  else await new Promise<void>((resolve) => waitingJobs.push(resolve));
  try {
    return await job();
  } finally {
    // The slot passes straight to the next waiter, so a newcomer cannot jump the queue.
    const next = waitingJobs.shift();
    if (next) next();
    else runningJobs -= 1;
  }
}

const EXTENSIONS: Record<SniffedType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

/** Width × height as the image's header states it, before any pixel is decoded; 0 unreadable. */
export async function headerPixels(path: string): Promise<number> {
  const sharp = await loadSharp();
  const { width, height } = await sharp(path)
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  return (width ?? 0) * (height ?? 0);
}

/**
 * The WebP thumbnails of an image from one decode: read once, in order, shrunk to the largest
 * thumbnail on the way (a JPEG already while it is decoded), and the smaller ones made from that
 * copy, so a large photo is never held decoded in memory. An image that cannot be decoded is the
 * client's fault (415), not ours.
 */
async function thumbnails(input: Buffer | string, maxPixels: number) {
  const sharp = await loadSharp();
  const largest = Math.max(...THUMBNAIL_SIZES);
  const fit = { fit: 'inside', withoutEnlargement: true } as const;
  let base: Buffer;
  try {
    base = await sharp(input, { limitInputPixels: maxPixels, sequentialRead: true })
      .rotate()
      .resize(largest, largest, fit)
      .png({ compressionLevel: 0 })
      .toBuffer();
  } catch {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'The image cannot be read');
  }
  const made: Array<[number, Buffer]> = [];
  for (const size of THUMBNAIL_SIZES) {
    made.push([size, await sharp(base).resize(size, size, fit).webp({ quality: 80 }).toBuffer()]);
  }
  return made;
}

const thumbnailKey = (key: string, size: number) => `${key.replace(/\.[a-z]+$/, '')}_${size}.webp`;

/** Every storage key that belongs to a stored picture (original and thumbnails). */
export const pictureKeys = (key: string) => [
  key,
  ...THUMBNAIL_SIZES.map((s) => thumbnailKey(key, s)),
];

/**
 * Removes stored files (with their thumbnails) after the commit; a failure leaves an orphan
 * file, never a broken row, and is only logged.
 */
export async function removeStoredFiles(ctx: Pick<Ctx, 'storage' | 'log'>, keys: string[]) {
  if (keys.length === 0) return;
  const all = keys.flatMap(pictureKeys);
  // S3 deletes at most 1000 keys per request.
  for (let i = 0; i < all.length; i += 1000) {
    const batch = all.slice(i, i + 1000);
    await ctx.storage.delete(batch).catch((err: unknown) => {
      ctx.log.warn({ err, keys: batch }, 'could not remove stored files');
    });
  }
}

/**
 * Stores an image with 128/256/512 WebP thumbnails (fit inside, never upscaled) under a fresh
 * key in `folder`; PDFs are stored without thumbnails. `input` is the file's bytes or the path
 * of a temporary upload; an image over `maxPixels` is refused while it is read. Returns the
 * original's key.
 */
export async function storeFile(
  storage: Storage,
  folder: string,
  input: Buffer | string,
  type: SniffedType,
  maxPixels = MAX_PIXELS,
): Promise<string> {
  const key = `${folder}/${randomBytes(12).toString('hex')}.${EXTENSIONS[type]}`;
  // The thumbnails and the original read only here: the job slot bounds memory.
  return imageJob(async () => {
    try {
      if (type !== 'application/pdf') {
        for (const [size, data] of await thumbnails(input, maxPixels)) {
          await storage.put(thumbnailKey(key, size), data, 'image/webp');
        }
      }
      await storage.put(key, typeof input === 'string' ? await readFile(input) : input, type);
      return key;
    } catch (e) {
      // Half a picture is no picture: nothing may stay behind under a key nobody knows.
      await storage.delete(pictureKeys(key));
      throw e;
    }
  });
}

export function pictureUrls(key: string, sign: (key: string) => string): Picture {
  const isPdf = key.endsWith('.pdf');
  const thumb = (size: number) => (isPdf ? null : sign(thumbnailKey(key, size)));
  return {
    attachment_url: sign(key),
    attachment_thumbnail_url_128: thumb(128),
    attachment_thumbnail_url_256: thumb(256),
    attachment_thumbnail_url_512: thumb(512),
  };
}

export const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

/**
 * Absolute, signed, expiring URLs of a stored picture and its thumbnails (docs/api-rules.md §11).
 */
export function signedPicture(
  ctx: { config: Config; clock: () => Date; fileBase: string },
  key: string,
): Picture {
  const now = ctx.clock();
  return pictureUrls(key, (k) => signFileUrl(ctx.fileBase, ctx.config.secretKey, k, now));
}
