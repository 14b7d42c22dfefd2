import { expect, it } from 'vitest';
import { createUser } from '../../test/factories';
import { loginRequest } from '../../test/http';
import { useSmtpApp } from '../../test/smtp';

const scene = useSmtpApp();

const login = (username: string, password: string) =>
  loginRequest(scene.t, { username, password, grant_type: 'password' });

it('forgot password → mail over SMTP → reset → log in with the new password', async () => {
  const { user, password } = await createUser(scene.t, { email: 'marieke.bos@example.test' });
  expect((await login(user.email, password!)).statusCode).toBe(200);

  const forgot = await scene.t.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email: 'Marieke.Bos@example.test' },
  });
  expect(forgot.statusCode).toBe(202);

  const mail = (await scene.mailbox.arrived(1))[0]!;
  expect(mail.to).toMatchObject({ text: user.email });
  expect(mail.from?.text).toContain('no-reply@helder.test');
  expect(mail.subject).toBe('Wachtwoord opnieuw instellen');
  expect(mail.html).toContain('/reset-password?token=');

  const link = new URL(/https?:\/\/\S+/.exec(mail.text ?? '')![0]);
  expect(`${link.origin}${link.pathname}`).toBe('http://helder.test/reset-password');
  const token = link.searchParams.get('token')!;

  const reset = await scene.t.app.inject({
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
