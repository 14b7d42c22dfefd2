import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config/env';

/** Where uploaded files live: the data directory by default, or any S3-compatible store. */
export interface Storage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  delete(keys: string[]): Promise<void>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/i;
function checkKey(key: string) {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Unsafe storage key ${key}`);
}

export function localStorage(root: string): Storage {
  const file = (key: string) => {
    checkKey(key);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      await mkdir(path.dirname(file(key)), { recursive: true });
      await writeFile(file(key), data);
    },
    async get(key) {
      try {
        return await readFile(file(key));
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw e;
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(file(key), { force: true })));
    },
  };
}

export function s3Storage(options: Extract<Config['storage'], { kind: 's3' }>): Storage {
  // The SDK costs ~20 MB of resident memory: only a server that stores in S3 loads it.
  let connection:
    Promise<{ s3: typeof import('@aws-sdk/client-s3'); client: S3Client }> | undefined;
  const connect = () =>
    (connection ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
        ...(options.accessKeyId && options.secretAccessKey
          ? {
              credentials: {
                accessKeyId: options.accessKeyId,
                secretAccessKey: options.secretAccessKey,
              },
            }
          : {}),
      }),
    })));
  const Bucket = options.bucket;
  return {
    async put(key, data, contentType) {
      checkKey(key);
      const { s3, client } = await connect();
      await client.send(
        new s3.PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }),
      );
    },
    async get(key) {
      checkKey(key);
      const { s3, client } = await connect();
      try {
        const out = await client.send(new s3.GetObjectCommand({ Bucket, Key: key }));
        return out.Body ? Buffer.from(await out.Body.transformToByteArray()) : null;
      } catch (e) {
        if (e instanceof s3.NoSuchKey) return null;
        throw e;
      }
    },
    async delete(keys) {
      if (keys.length === 0) return;
      keys.forEach(checkKey);
      const { s3, client } = await connect();
      await client.send(
        new s3.DeleteObjectsCommand({ Bucket, Delete: { Objects: keys.map((Key) => ({ Key })) } }),
      );
    },
  };
}

export function createStorage(config: Config): Storage {
  return config.storage.kind === 's3'
    ? s3Storage(config.storage)
    : localStorage(path.join(config.dataDir, 'files'));
}
