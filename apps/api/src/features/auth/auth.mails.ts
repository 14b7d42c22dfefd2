import type { MailMessage } from '../../lib/mail';

/** Dutch by default (docs/api-rules.md §12); plain text plus simple HTML. */
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function mail(
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

export const invitationMail = (to: string, link: string) =>
  mail(
    to,
    'Je bent uitgenodigd voor Helder',
    [
      'Hallo,',
      'Er is een account voor je aangemaakt op Helder. Stel via de link hieronder je wachtwoord in; de link is 7 dagen geldig.',
    ],
    link,
    'Wachtwoord instellen',
  );

export const resetMail = (to: string, link: string) =>
  mail(
    to,
    'Wachtwoord opnieuw instellen',
    [
      'Hallo,',
      'Je hebt gevraagd om je wachtwoord opnieuw in te stellen. De link hieronder is 1 uur geldig en werkt één keer.',
      'Heb je dit niet gevraagd? Dan kun je deze e-mail negeren.',
    ],
    link,
    'Nieuw wachtwoord instellen',
  );
