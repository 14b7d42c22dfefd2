import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra header fields, such as a mailing's List-Unsubscribe. */
  headers?: Record<string, string>;
}

/** Dutch by default (docs/api-rules.md §12); plain text plus simple HTML. */
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
export { escape as escapeHtml };

export function composeMail(
  to: string,
  subject: string,
  paragraphs: string[],
  link: string,
  button: string,
): MailMessage {
  const text = [...paragraphs, '', link, '', 'Groet,', 'Helder'].join('\n');
  const html =
    `<!doctype html><html lang="nl"><body style="font-family:sans-serif;line-height:1.5">` +
    paragraphs.map((p) => `<p>${escape(p)}</p>`).join('') +
    `<p><a href="${escape(link)}">${escape(button)}</a></p>` +
    `<p style="color:#555">${escape(link)}</p><p>Groet,<br>Helder</p></body></html>`;
  return { to, subject, text, html };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when `SMTP_URL` is set; otherwise each message is written to `<data>/outbox/*.eml` and
 * its links are logged, so the demo works without a mail server.
 */
export function createMailer(
  options: { smtpUrl: string | undefined; from: string; dataDir: string },
  log: FastifyBaseLogger,
): Mailer {
  // nodemailer (~15 MB resident) is loaded by the first message, not at start.
  let transporter: Promise<Transporter> | undefined;
  const transport = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      options.smtpUrl
        ? nodemailer.createTransport(options.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true }),
    ));
  if (options.smtpUrl) {
    return {
      async send(message) {
        await (await transport()).sendMail({ from: options.from, ...message });
      },
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  return {
    async send(message) {
      const info = await (await transport()).sendMail({ from: options.from, ...message });
      await mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${Date.now()}-${randomBytes(4).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      log.info({ to: message.to, subject: message.subject, file, links }, 'mail written to outbox');
    },
  };
}
