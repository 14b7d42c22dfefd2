import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageJob, pictureKeys, storeFile } from './pictures';
import type { Storage } from './storage';

describe('imageJob', () => {
  it('runs at most two jobs at once, the others in arrival order', async () => {
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const job = (n: number) =>
      imageJob(async () => {
        started.push(n);
        running += 1;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running -= 1;
        return n;
      });
    const results = await Promise.all([1, 2, 3, 4, 5, 6].map(job));
    expect(results).toEqual([1, 2, 3, 4, 5, 6]);
    expect(peak).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it('frees the slot of a failed job', async () => {
    const failures = [1, 2, 3].map(() =>
      imageJob(() => Promise.reject(new Error('broken'))).catch((e: Error) => e.message),
    );
    expect(await Promise.all(failures)).toEqual(['broken', 'broken', 'broken']);
    expect(await imageJob(async () => 'still running')).toBe('still running');
  });
});

describe('storeFile', () => {
  it('leaves nothing behind when storing fails halfway', async () => {
    const stored = new Map<string, Buffer>();
    const puts: string[] = [];
    const storage: Storage = {
      async put(key, data) {
        puts.push(key);
        if (!key.includes('_')) throw new Error('disk full');
        stored.set(key, data);
      },
      get: async (key) => stored.get(key) ?? null,
      delete: async (keys) => keys.forEach((k) => stored.delete(k)),
    };
    const png = await sharp({
      create: { width: 20, height: 20, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    await expect(storeFile(storage, 'users/1', png, 'image/png')).rejects.toThrow('disk full');
    // The three thumbnails were stored before the original failed, and went again.
    expect(puts).toEqual(pictureKeys(puts.at(-1)!).slice(1).concat(puts.at(-1)!));
    expect([...stored.keys()]).toEqual([]);
  });
});
