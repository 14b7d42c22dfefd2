import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localStorage, s3Storage, type Storage } from './storage';

/** The contract every Storage implementation keeps, run against each of them. */
function storageContract(
  name: string,
  setup: () => Promise<{ storage: Storage; close: () => Promise<void> }>,
) {
  describe(name, () => {
    let storage: Storage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await setup());
    });
    afterAll(() => close());

    it('returns what was put, byte for byte', async () => {
      const data = Buffer.from([0, 1, 2, 255, 254, 10, 13]);
      await storage.put('users/1/a.png', data, 'image/png');
      expect(await storage.get('users/1/a.png')).toEqual(data);
    });

    it('returns null for a key that was never stored', async () => {
      expect(await storage.get('users/1/missing.png')).toBeNull();
    });

    it('overwrites an existing key', async () => {
      await storage.put('users/2/b.webp', Buffer.from('old'), 'image/webp');
      await storage.put('users/2/b.webp', Buffer.from('new'), 'image/webp');
      expect((await storage.get('users/2/b.webp'))?.toString()).toBe('new');
    });

    it('deletes several keys at once and leaves the others', async () => {
      await storage.put('users/3/x.png', Buffer.from('x'), 'image/png');
      await storage.put('users/3/y.png', Buffer.from('y'), 'image/png');
      await storage.put('users/3/z.png', Buffer.from('z'), 'image/png');
      await storage.delete(['users/3/x.png', 'users/3/y.png']);
      expect(await storage.get('users/3/x.png')).toBeNull();
      expect(await storage.get('users/3/y.png')).toBeNull();
      expect((await storage.get('users/3/z.png'))?.toString()).toBe('z');
    });

    it('treats deleting missing keys, or none, as done', async () => {
      await expect(storage.delete(['users/9/never.png'])).resolves.toBeUndefined();
      await expect(storage.delete([])).resolves.toBeUndefined();
    });

    it('refuses keys that could escape their folder', async () => {
      for (const key of ['../secret', '/etc/passwd', 'users/../../x', 'users/a b.png']) {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Unsafe/);
        await expect(storage.get(key)).rejects.toThrow(/Unsafe/);
        await expect(storage.delete([key])).rejects.toThrow(/Unsafe/);
      }
    });

    it('stores a large file intact', async () => {
      const data = Buffer.alloc(3 * 1024 * 1024, 7);
      await storage.put('users/4/big.jpg', data, 'image/jpeg');
      expect((await storage.get('users/4/big.jpg'))?.equals(data)).toBe(true);
    });
  });
}

storageContract('localStorage', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'helder-storage-'));
  return {
    storage: localStorage(dir),
    close: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

storageContract('s3Storage against s3rver', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'helder-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: dir,
    configureBuckets: [{ name: 'helder' }],
  });
  const { port } = await server.run();
  const storage = s3Storage({
    kind: 's3',
    endpoint: `http://127.0.0.1:${port}`, // an endpoint makes s3Storage use path-style URLs
    region: 'us-east-1',
    bucket: 'helder',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  });
  return {
    storage,
    async close() {
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});
