import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Picture } from '@helder/shared/users';
import type { Config } from '../config/env';
import { signFileUrl } from './file-urls';
import type { Storage } from './storage';
import type { SniffedType } from '../http/uploads';

export const THUMBNAIL_SIZES = [128, 256, 512] as const;
const EXTENSIONS: Record<SniffedType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};

const thumbnailKey = (key: string, size: number) => `${key.replace(/\.[a-z]+$/, '')}_${size}.webp`;

/** Every storage key that belongs to a stored picture (original and thumbnails). */
export const pictureKeys = (key: string) => [
  key,
  ...THUMBNAIL_SIZES.map((s) => thumbnailKey(key, s)),
];

/**
 * Stores an image with 128/256/512 WebP thumbnails (fit inside, never upscaled) under a fresh
 * key in `folder`; PDFs are stored without thumbnails. Returns the original's key.
 */
export async function storeFile(
  storage: Storage,
  folder: string,
  data: Buffer,
  type: SniffedType,
): Promise<string> {
  const key = `${folder}/${randomBytes(12).toString('hex')}.${EXTENSIONS[type]}`;
  if (type !== 'application/pdf') {
    const thumbnails = await Promise.all(
      THUMBNAIL_SIZES.map(async (size) => ({
        key: thumbnailKey(key, size),
        data: await sharp(data)
          .rotate()
          .resize(size, size, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 80 })
          .toBuffer(),
      })),
    );
    await Promise.all(thumbnails.map((t) => storage.put(t.key, t.data, 'image/webp')));
  }
  await storage.put(key, data, type);
  return key;
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

/** Absolute, signed, expiring URLs of a stored picture and its thumbnails (server-rules §11). */
export function signedPicture(ctx: { config: Config; clock: () => Date }, key: string): Picture {
  const now = ctx.clock();
  return pictureUrls(key, (k) => signFileUrl(ctx.config.publicUrl, ctx.config.secretKey, k, now));
}
