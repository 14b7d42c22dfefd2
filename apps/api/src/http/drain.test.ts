import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { createUser } from '../test/factories';
import { uniq } from '../test/http';
import { multipart } from '../test/multipart';

const turns = async (n: number) => {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('shutting down', () => {
  it('closes only after the handlers still running have answered', async () => {
    let mailing!: () => void;
    let release!: () => void;
    const mailed = new Promise<void>((resolve) => (mailing = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The invitation is mailed inside the transaction that creates the user: holding the mail
    // holds the handler in its transaction.
    const t = await createTestApp({
      mail: {
        send: async () => {
          mailing();
          await gate;
        },
      },
    });
    try {
      const admin = await createUser(t, { role: 'administrator' });
      const email = `late-${uniq()}@example.nl`;
      const form = await multipart({ email, role: 'user', is_active: 'true', hidden: 'false' });
      const invite = t.app.inject({
        method: 'POST',
        url: '/api/user',
        ...form,
        headers: { ...form.headers, ...admin.headers },
      });
      await mailed;

      // The server closes the database as soon as the app has closed (server.ts).
      let answered = false;
      void invite.then(() => (answered = true));
      let closed = false;
      let answeredWhenClosed = false;
      const closing = t.app.close().then(() => {
        closed = true;
        answeredWhenClosed = answered;
      });
      await turns(50);
      expect(closed).toBe(false);
      release();

      expect((await invite).statusCode).toBe(200);
      await closing;
      expect(answeredWhenClosed).toBe(true);
    } finally {
      release();
      await t.close();
    }
  });
});
