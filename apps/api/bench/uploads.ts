/**
 * `npm run bench:uploads`: the API as a server of its own, on PostgreSQL (`BENCH_DATABASE_URL`,
 * or a throwaway cluster when PostgreSQL is installed; PGlite otherwise) under 10 clients that keep uploading profile pictures at and beyond the limits for 20 s:
 * 10 MB pictures with the most and largest text fields allowed, pictures of exactly 40 megapixels, files of
 * 10 MB + 1 byte, 20 files of 10 MB in one request and 256-megapixel PNG bombs. Samples the
 * server's resident memory and prints its peak, with the answers per kind of upload.
 *
 * The goal is a peak under 400 MB on PostgreSQL. PGlite keeps a few hundred MB of its own in the
 * process, so there the goal is on what the load adds to the idle server. Exits 1 when the goal
 * is missed or a temporary upload outlives its request.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { openDatabase } from '../src/db/client';
import { users } from '../src/db/schema';
import { MAX_UPLOAD_BYTES } from '@helder/shared/http';
import { MAX_FIELD_BYTES, MAX_FIELDS } from '../src/http/uploads';
import { signAccessToken } from '../src/lib/jwt';
import { bitmapPng } from '../src/test/images';
import { multipart } from '../src/test/multipart';
import { BENCH_SECRET_KEY, benchDatabase, startBenchServer } from './server';

const CLIENTS = 10;
const DURATION_MS = 20_000;
const GOAL_MB = 400;

/** Random pixels do not compress: a PNG of just under 10 MB. */
async function noisePng() {
  const side = 1790;
  const png = await sharp(randomBytes(side * side * 3), {
    raw: { width: side, height: side, channels: 3 },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  if (png.length > MAX_UPLOAD_BYTES) throw new Error(`noise PNG of ${png.length} bytes too big`);
  return png;
}

const picture = (data: Buffer) => ({ name: 'picture.png', data, type: 'image/png' });
const maxSize = await noisePng();
const fields = Object.fromEntries(
  Array.from({ length: MAX_FIELDS }, (_, i) => [`field${i}`, 'x'.repeat(MAX_FIELD_BYTES)]),
);
const kinds = {
  [`10 MB, ${MAX_FIELDS} fields of ${MAX_FIELD_BYTES / 1024} KB`]: await multipart({
    ...fields,
    file: picture(maxSize),
  }),
  '40 megapixels': await multipart({ file: picture(bitmapPng(6324, 6324)) }),
  '10 MB + 1 byte': await multipart({
    file: picture(Buffer.concat([maxSize, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - maxSize.length)])),
  }),
  '20 files of 10 MB': await multipart(
    Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`file${i}`, picture(maxSize)])),
  ),
  '256-megapixel bomb': await multipart({ file: picture(bitmapPng(16000, 16000)) }),
};
type Kind = keyof typeof kinds;
const names = Object.keys(kinds) as Kind[];
const answers = new Map<Kind, Map<string, number>>(names.map((k) => [k, new Map()]));
const count = (kind: Kind, answer: string) => {
  const tally = answers.get(kind)!;
  tally.set(answer, (tally.get(answer) ?? 0) + 1);
};

const dataDir = mkdtempSync(path.join(tmpdir(), 'helder-bench-uploads-'));
// The server's own temporary directory, to prove that no upload outlives its request.
const serverTmp = path.join(dataDir, 'tmp');
mkdirSync(serverTmp);

const database = await benchDatabase('helder_bench');
const databaseUrl = database.url;
console.log(`database: ${databaseUrl ? 'PostgreSQL' : 'PGlite (PostgreSQL is not installed)'}`);

// A user and token straight in the database, before the server takes the data directory's lock.
const direct = await openDatabase({ url: databaseUrl, dataDir: path.join(dataDir, 'data') });
const [user] = await direct.db
  .insert(users)
  .values({ email: 'bench@example.test', role: 'user', isActive: true, isVerified: true })
  .returning();
await direct.close();
const token = await signAccessToken(BENCH_SECRET_KEY, user!, new Date());
const server = await startBenchServer({
  databaseUrl,
  dataDir: path.join(dataDir, 'data'),
  env: { TMPDIR: serverTmp },
});
const base = server.base;
const rssMb = server.rssMb;

try {
  server.resetPeak();
  const idle = rssMb('VmRSS');
  let sampledPeak = idle;
  const sampler = setInterval(() => {
    sampledPeak = Math.max(sampledPeak, rssMb('VmRSS'));
  }, 50);

  const started = performance.now();
  const deadline = started + DURATION_MS;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = client; performance.now() < deadline; i++) {
        const kind = names[i % names.length]!;
        const { payload, headers } = kinds[kind];
        const answer = await fetch(`${base}/api/user/${user!.id}/profile-picture`, {
          method: 'POST',
          headers: { ...headers, authorization: `Bearer ${token}` },
          body: payload,
        }).then(
          async (res) => {
            await res.arrayBuffer();
            return String(res.status);
          },
          (e: Error) => `failed (${e.message})`,
        );
        count(kind, answer);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const peak = Math.max(sampledPeak, rssMb('VmHWM'));
  const total = [...answers.values()].reduce(
    (sum, tally) => sum + [...tally.values()].reduce((a, b) => a + b, 0),
    0,
  );
  const leftovers = readdirSync(serverTmp).filter((n) => n.startsWith('helder-upload-')).length;

  console.log(`\n${CLIENTS} clients for ${seconds.toFixed(1)} s: ${total} uploads`);
  for (const [kind, tally] of answers) {
    const list = [...tally].map(([answer, n]) => `${answer} ×${n}`).join(', ');
    console.log(`  ${kind.padEnd(28)} ${list}`);
  }
  const measured = databaseUrl ? peak : peak - idle;
  console.log(`server RSS idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB`);
  console.log(
    `goal: ${databaseUrl ? 'peak' : 'the load adds'} less than ${GOAL_MB} MB — ` +
      `${measured.toFixed(0)} MB, ${measured < GOAL_MB ? 'met' : 'MISSED'}`,
  );
  console.log(`temporary uploads left behind: ${leftovers}`);
  process.exitCode = measured < GOAL_MB && leftovers === 0 ? 0 : 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  await database.drop();
}
