// The app as the end-to-end tests see it: the built SPA and the API in one process on a fresh,
// empty data directory (no demo seed: every spec builds its own world through the API), sending
// mail over real SMTP to a local catcher whose messages the tests read from a small HTTP mailbox.
//   app      http://127.0.0.1:8123
//   mailbox  http://127.0.0.1:8124/messages   (GET: JSON list, newest last; DELETE: empty it)
// The mailbox opens last, once the first administrator (ROOT below) can log in: Playwright waits
// for it.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const APP_PORT = Number(process.env.E2E_PORT ?? 8123);
const MAILBOX_PORT = APP_PORT + 1;
const SMTP_PORT = APP_PORT + 2;
const APP_URL = `http://127.0.0.1:${APP_PORT}`;

// The API invites users only on an administrator's word, so the first one comes from its CLI.
// Test-only credentials; apps/web/e2e/helpers.ts logs in with the same.
const ROOT = { email: 'root@example.test', password: 'e2e-root-wachtwoord' };

// What `npm start` runs: the built web app and the API's bundle. TEST_NODE_BIN (set by CI to
// Node 24 LTS, the version the README recommends for production) runs the server instead of
// this Node.
if (process.env.E2E_SKIP_BUILD !== '1') {
  for (const workspace of ['@helder/web', '@helder/api']) {
    const build = spawnSync('npm', ['run', 'build', '-w', workspace], { stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
}
const node = process.env.TEST_NODE_BIN || process.execPath;

const dataDir = mkdtempSync(path.join(tmpdir(), 'helder-e2e-'));
const env = {
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: String(APP_PORT),
  PUBLIC_URL: APP_URL,
  DATA_DIR: dataDir,
  SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
  SEED_DEMO: 'false',
  // Every spec logs in from this one address; the limit itself is covered by API tests.
  AUTH_RATE_LIMIT: '1000',
  LOG_LEVEL: 'warn',
};

/** Creates ROOT with the CLI (it opens the data dir itself, so before the server does). */
function createRoot() {
  const cli = spawnSync(
    'npm',
    ['run', '--silent', 'user:create', '--', '--email', ROOT.email, '--superuser'],
    { env, encoding: 'utf8' },
  );
  const link = /\/reset-password\?token=(\S+)/.exec(cli.stdout);
  if (cli.status !== 0 || !link) {
    process.stderr.write(cli.stdout + cli.stderr);
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(cli.status || 1);
  }
  return decodeURIComponent(link[1]);
}
const rootToken = createRoot();

const messages = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((mail) => {
        messages.push({
          to: mail.to?.value?.map((a) => a.address) ?? [],
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          html: typeof mail.html === 'string' ? mail.html : '',
        });
        callback();
      })
      .catch(callback);
  },
});
smtp.listen(SMTP_PORT, '127.0.0.1');

const mailbox = createServer((req, res) => {
  if (req.method === 'DELETE') messages.length = 0;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(messages));
});

// node itself (not npx) so that our SIGTERM reaches the server and it closes cleanly.
const app = spawn(node, ['--enable-source-maps', 'apps/api/dist/server.mjs'], {
  stdio: 'inherit',
  env,
});

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  app.kill('SIGTERM');
  smtp.close();
  mailbox.close();
  setTimeout(() => {
    rmSync(dataDir, { recursive: true, force: true });
    process.exit(code);
  }, 500);
}
app.on('exit', (code) => stop(code ?? 0));
process.on('SIGTERM', () => stop(0));
process.on('SIGINT', () => stop(0));

async function appIsUp() {
  try {
    return (await fetch(`${APP_URL}/api/health`)).ok;
  } catch {
    return false;
  }
}

while (!(await appIsUp())) {
  if (stopping) break;
  await sleep(200);
}
if (!stopping) {
  // The set-password link of the CLI, followed the way the reset page does.
  const reset = await fetch(`${APP_URL}/api/auth/reset-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token: rootToken, password: ROOT.password }),
  });
  if (reset.ok) {
    mailbox.listen(MAILBOX_PORT, '127.0.0.1');
  } else {
    console.error(`Setting the password of ${ROOT.email} failed: ${await reset.text()}`);
    stop(1);
  }
}
