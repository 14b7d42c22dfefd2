import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, vi } from 'vitest';
import { createMailer, type Mailer } from '../lib/mail';
import { createTestApp, type TestApp } from './app';

/**
 * A real SMTP server on a free port that keeps every message it receives, with the app's own
 * SMTP mailer pointed at it: mail tested as it goes over the wire, not as the in-process outbox
 * of test/app.ts holds it.
 */
interface SmtpMailbox {
  /** Every message received so far, parsed, in order of arrival; a test may empty it. */
  received: ParsedMail[];
  /** Waits (10 s at most) until exactly `count` messages have arrived, and returns them. */
  arrived(count: number): Promise<ParsedMail[]>;
  /** The app's mailer, sending to this server. */
  mail: Mailer;
  /** The silent logger the mailer was made with, for jobs that take one too. */
  log: FastifyBaseLogger;
  close(): Promise<void>;
}

async function startSmtpMailbox(): Promise<SmtpMailbox> {
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const log = pino({ enabled: false });
  const mail = createMailer(
    { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Helder <no-reply@helder.test>', dataDir: '.' },
    log,
  );
  return {
    received,
    arrived: (count) =>
      vi.waitFor(
        () => {
          expect(received).toHaveLength(count);
          return received;
        },
        { timeout: 10_000, interval: 50 },
      ),
    mail,
    log,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

export interface SmtpApp {
  /** Both set before the file's first test. */
  t: TestApp;
  mailbox: SmtpMailbox;
}

/**
 * A test app whose mail goes to a real SMTP server (startSmtpMailbox), made before the file's
 * first test and closed, server last, after its last.
 */
export function useSmtpApp(): SmtpApp {
  const scene = {} as SmtpApp;
  beforeAll(async () => {
    scene.mailbox = await startSmtpMailbox();
    scene.t = await createTestApp({ mail: scene.mailbox.mail });
  });
  afterAll(async () => {
    await scene.t?.close();
    await scene.mailbox?.close();
  });
  return scene;
}
