import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { createMailer } from '../../lib/mail';
import { createTestApp, type TestApp } from '../../test/app';
import { createUser } from '../../test/factories';
import { loginRequest } from '../../test/http';

/** A real SMTP server on a free port that keeps every message it receives. */
let smtp: SMTPServer;
const received: ParsedMail[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
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
  const mail = createMailer(
    { smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Helder <no-reply@helder.test>', dataDir: '.' },
    pino({ enabled: false }),
  );
  t = await createTestApp({ mail });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const login = (username: string, password: string) =>
  loginRequest(t, { username, password, grant_type: 'password' });

it('forgot password → mail over SMTP → reset → log in with the new password', async () => {
  const { user, password } = await createUser(t, { email: 'marieke.bos@example.test' });
  expect((await login(user.email, password!)).statusCode).toBe(200);

  const forgot = await t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: 'Marieke.Bos@example.test' },
  });
  expect(forgot.statusCode).toBe(202);

  const mail = await vi.waitFor(
    () => {
      expect(received).toHaveLength(1);
      return received[0]!;
    },
    { timeout: 10_000, interval: 50 },
  );
  expect(mail.to).toMatchObject({ text: user.email });
  expect(mail.from?.text).toContain('no-reply@helder.test');
  expect(mail.subject).toBe('Wachtwoord opnieuw instellen');
  expect(mail.html).toContain('/reset-password?token=');

  const link = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')![0]);
  expect(`${link.origin}${link.pathname}`).toBe('http://helder.test/reset-password');
  const token = link.searchParams.get('token')!;

  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password: 'mijn-nieuwe-wachtwoord' },
  });
  expect(reset.statusCode).toBe(200);

  expect((await login(user.email, 'mijn-nieuwe-wachtwoord')).statusCode).toBe(200);
  const old = await login(user.email, password!);
  expect(old.statusCode).toBe(400);
  expect(old.json()).toMatchObject({ code: 'BAD_CREDENTIALS' });
});
