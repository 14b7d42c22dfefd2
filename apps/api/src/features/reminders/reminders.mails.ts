/**
 * The receipt reminder mail in the user's language: the server's own small catalog, since the
 * web's catalogs are not shipped with the API. Plain text plus simple HTML, like every mail
 * (docs/api-rules.md §12).
 */
import { escapeHtml as escape, type MailMessage } from '../../lib/mail';
import { catalog, formatters, type Catalogs, type Formatters } from '../../lib/texts';
import { REMIND_AFTER_DAYS, type Reminder, type ReminderLine } from './reminders.queries';

interface Texts {
  subject: string;
  greeting: string;
  intro: (count: number) => string;
  more: (count: number) => string;
  action: string;
  unknownCounterparty: string;
  unsubscribe: string;
  unsubscribeButton: string;
  regards: string;
}

const DAYS = REMIND_AFTER_DAYS;

const REMINDER_TEXTS: Catalogs<Texts> = {
  nl: {
    subject: 'Uitgaven zonder bon',
    greeting: 'Hallo,',
    intro: (n) =>
      n === 1
        ? `Bij 1 uitgave van meer dan ${DAYS} dagen geleden ontbreekt nog een bon:`
        : `Bij ${n} uitgaven van meer dan ${DAYS} dagen geleden ontbreekt nog een bon:`,
    more: (n) => `En nog ${n} meer.`,
    action: 'Open een uitgave via de link en voeg de bon toe.',
    unknownCounterparty: 'onbekende ontvanger',
    unsubscribe: 'Wil je deze wekelijkse herinnering niet meer ontvangen? Meld je af:',
    unsubscribeButton: 'Afmelden voor herinneringen over bonnen',
    regards: 'Groet,',
  },
  en: {
    subject: 'Expenses without a receipt',
    greeting: 'Hello,',
    intro: (n) =>
      n === 1
        ? `1 expense from more than ${DAYS} days ago still has no receipt:`
        : `${n} expenses from more than ${DAYS} days ago still have no receipt:`,
    more: (n) => `And ${n} more.`,
    action: 'Open an expense through its link and add the receipt.',
    unknownCounterparty: 'unknown recipient',
    unsubscribe: 'No longer want this weekly reminder? Unsubscribe:',
    unsubscribeButton: 'Unsubscribe from receipt reminders',
    regards: 'Regards,',
  },
  fy: {
    subject: 'Útjeften sûnder bon',
    greeting: 'Hallo,',
    intro: (n) =>
      n === 1
        ? `By 1 útjefte fan mear as ${DAYS} dagen lyn ûntbrekt noch in bon:`
        : `By ${n} útjeften fan mear as ${DAYS} dagen lyn ûntbrekt noch in bon:`,
    more: (n) => `En noch ${n} mear.`,
    action: 'Iepenje in útjefte fia de keppeling en foegje de bon ta.',
    unknownCounterparty: 'ûnbekende ûntfanger',
    unsubscribe: 'Wolsto dizze wyklikse oantinking net mear krije? Meld dy ôf:',
    unsubscribeButton: 'Ofmelde foar oantinkens oer bonnen',
    regards: 'Groetnis,',
  },
};

/**
 * The web route of a payment's details (the web's paths.paymentDetails): under its activity
 * when it has one, else under its initiative.
 */
const paymentLink = (publicUrl: string, line: ReminderLine) =>
  `${publicUrl}/funds/${line.initiativeId}` +
  `${line.activityId === null ? '' : `/activities/${line.activityId}`}/${line.paymentId}/details`;

/** The web page that turns the reminders off with the link's token. */
const unsubscribeLink = (publicUrl: string, token: string) =>
  `${publicUrl}/reminders/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * RFC 2369 and 8058: mail programs offer an unsubscribe button that POSTs
 * `List-Unsubscribe=One-Click` to the link (docs/api-rules.md §17). The RFC wants an https
 * link, so an installation served over plain http (a local one) sends no such headers.
 */
function oneClickHeaders(link: string): Record<string, string> | undefined {
  if (!link.startsWith('https://')) return undefined;
  return {
    'List-Unsubscribe': `<${link}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function describe(texts: Texts, format: Formatters, line: ReminderLine) {
  const date = format.date(line.bookingDate);
  const amount = format.euros(line.amountCents);
  const where =
    line.activityName === null
      ? line.initiativeName
      : `${line.initiativeName} / ${line.activityName}`;
  return [date, line.counterparty ?? texts.unknownCounterparty, amount, where].join(' · ');
}

export function reminderMail(
  reminder: Reminder,
  publicUrl: string,
  unsubscribeToken: string,
): MailMessage {
  const texts = catalog(REMINDER_TEXTS, reminder.language);
  const format = formatters(reminder.language);
  const lines = reminder.lines.map((line) => ({
    text: describe(texts, format, line),
    link: paymentLink(publicUrl, line),
  }));
  const rest = reminder.total - reminder.lines.length;
  const unsubscribe = unsubscribeLink(publicUrl, unsubscribeToken);
  const text = [
    texts.greeting,
    '',
    texts.intro(reminder.total),
    '',
    ...lines.flatMap((l) => [`- ${l.text}`, `  ${l.link}`]),
    ...(rest > 0 ? ['', texts.more(rest)] : []),
    '',
    texts.action,
    '',
    texts.regards,
    'Helder',
    '',
    '--',
    texts.unsubscribe,
    unsubscribe,
  ].join('\n');
  const html =
    `<!doctype html><html lang="${reminder.language}"><body style="font-family:sans-serif;line-height:1.5">` +
    `<p>${escape(texts.greeting)}</p><p>${escape(texts.intro(reminder.total))}</p><ul>` +
    lines.map((l) => `<li><a href="${escape(l.link)}">${escape(l.text)}</a></li>`).join('') +
    `</ul>` +
    (rest > 0 ? `<p>${escape(texts.more(rest))}</p>` : '') +
    `<p>${escape(texts.action)}</p><p>${escape(texts.regards)}<br>Helder</p>` +
    `<p style="color:#555;font-size:90%">${escape(texts.unsubscribe)} ` +
    `<a href="${escape(unsubscribe)}">${escape(texts.unsubscribeButton)}</a></p></body></html>`;
  return {
    to: reminder.email,
    subject: texts.subject,
    text,
    html,
    headers: oneClickHeaders(unsubscribe),
  };
}
