/**
 * The PDF report's texts in the three languages of the product (Dutch by default,
 * docs/api-rules.md §15); `{name}` is filled in by `say`.
 */
import type { Language } from '@helder/shared/languages';
import { catalog, formatters, type Catalogs } from '../../lib/texts';

const nl = {
  title: 'Verantwoording',
  initiative: 'Initiatief',
  activity: 'Activiteit',
  grant: 'Beschikking',
  regulation: 'Regeling',
  funder: 'Financier',
  period: 'Periode',
  allPayments: 'alle betalingen',
  from: 'vanaf {start}',
  until: 'tot en met {end}',
  between: '{start} tot en met {end}',
  generated: 'Gemaakt op',
  notPublic: 'niet openbaar',
  source: 'Gemaakt uit de betalingen en bonnen in Helder die de aanvrager mocht zien.',
  budgetTitle: 'Begroting en besteding',
  budgetNote: "Over de hele looptijd, zoals de pagina's van Helder ze tonen.",
  budget: 'Begroting',
  income: 'Inkomsten',
  expenses: 'Uitgaven',
  left: 'Over',
  total: 'Totaal',
  ledgerTitle: 'Grootboek per activiteit',
  noActivity: 'Zonder activiteit',
  date: 'Datum',
  counterparty: 'Tegenpartij',
  description: 'Omschrijving',
  amount: 'Bedrag',
  receipt: 'Bon',
  subtotal: 'Subtotaal {name}',
  payments: '{n} betalingen',
  noPayments: 'Geen betalingen in deze periode.',
  withoutReceiptTitle: 'Uitgaven zonder bon',
  noneWithoutReceipt: 'Alle uitgaven hebben een bon.',
  receiptsTitle: 'Bonnen',
  receiptCaption: 'Bon {number}: {day}, {counterparty}, {amount}',
  receiptPage: 'bon {number}',
  problemsTitle: 'Opmerkingen bij de bonnen',
  missing: 'Bon {number} ({file}) ontbreekt in de opslag.',
  unreadable: 'Bon {number} ({file}) kon niet worden gelezen (beschadigd of beveiligd).',
  footer: 'Verantwoording {initiative}, {period}, gemaakt {generated}',
  page: 'Pagina {n} van {total}',
};

type Texts = typeof nl;

const en: Texts = {
  title: 'Accountability report',
  initiative: 'Initiative',
  activity: 'Activity',
  grant: 'Grant',
  regulation: 'Regulation',
  funder: 'Funder',
  period: 'Period',
  allPayments: 'all payments',
  from: 'from {start}',
  until: 'up to and including {end}',
  between: '{start} up to and including {end}',
  generated: 'Generated on',
  notPublic: 'not public',
  source: 'Made from the payments and receipts in Helder that the requester was allowed to see.',
  budgetTitle: 'Budget and spending',
  budgetNote: "Over the whole term, as Helder's pages show them.",
  budget: 'Budget',
  income: 'Income',
  expenses: 'Expenses',
  left: 'Left',
  total: 'Total',
  ledgerTitle: 'Ledger by activity',
  noActivity: 'Without activity',
  date: 'Date',
  counterparty: 'Counterparty',
  description: 'Description',
  amount: 'Amount',
  receipt: 'Receipt',
  subtotal: 'Subtotal {name}',
  payments: '{n} payments',
  noPayments: 'No payments in this period.',
  withoutReceiptTitle: 'Expenses without a receipt',
  noneWithoutReceipt: 'Every expense has a receipt.',
  receiptsTitle: 'Receipts',
  receiptCaption: 'Receipt {number}: {day}, {counterparty}, {amount}',
  receiptPage: 'receipt {number}',
  problemsTitle: 'Notes on the receipts',
  missing: 'Receipt {number} ({file}) is missing from storage.',
  unreadable: 'Receipt {number} ({file}) could not be read (damaged or protected).',
  footer: 'Accountability report {initiative}, {period}, generated {generated}',
  page: 'Page {n} of {total}',
};

const fy: Texts = {
  title: 'Ferantwurding',
  initiative: 'Inisjatyf',
  activity: 'Aktiviteit',
  grant: 'Beskikking',
  regulation: 'Regeling',
  funder: 'Finansier',
  period: 'Perioade',
  allPayments: 'alle betellingen',
  from: 'fan {start} ôf',
  until: 'oant en mei {end}',
  between: '{start} oant en mei {end}',
  generated: 'Makke op',
  notPublic: 'net iepenbier',
  source: 'Makke út de betellingen en bonnen yn Helder dy’t de oanfreger sjen mocht.',
  budgetTitle: 'Begrutting en besteging',
  budgetNote: "Oer de hiele rintiid, sa't de siden fan Helder se sjen litte.",
  budget: 'Begrutting',
  income: 'Ynkomsten',
  expenses: 'Útjeften',
  left: 'Oer',
  total: 'Totaal',
  ledgerTitle: 'Grutboek per aktiviteit',
  noActivity: 'Sûnder aktiviteit',
  date: 'Datum',
  counterparty: 'Tsjinpartij',
  description: 'Omskriuwing',
  amount: 'Bedrach',
  receipt: 'Bon',
  subtotal: 'Subtotaal {name}',
  payments: '{n} betellingen',
  noPayments: 'Gjin betellingen yn dizze perioade.',
  withoutReceiptTitle: 'Útjeften sûnder bon',
  noneWithoutReceipt: 'Alle útjeften hawwe in bon.',
  receiptsTitle: 'Bonnen',
  receiptCaption: 'Bon {number}: {day}, {counterparty}, {amount}',
  receiptPage: 'bon {number}',
  problemsTitle: 'Opmerkingen by de bonnen',
  missing: 'Bon {number} ({file}) ûntbrekt yn de opslach.',
  unreadable: 'Bon {number} ({file}) koe net lêzen wurde (skansearre of befeilige).',
  footer: 'Ferantwurding {initiative}, {period}, makke {generated}',
  page: 'Side {n} fan {total}',
};

const catalogs: Catalogs<Texts> = { nl, en, fy };

type TextKey = keyof Texts;

export interface Say {
  (key: TextKey, values?: Record<string, string | number>): string;
  /** A YYYY-MM-DD day written out as the language writes dates. */
  day(iso: string): string;
  /** Cents as euros, with the euro sign. */
  euros(cents: number): string;
  /** A share (0–1) as a percentage with at most one decimal. */
  percent(share: number): string;
}

export function sayIn(lang: Language): Say {
  const texts = catalog(catalogs, lang);
  const { day, euros, percent } = formatters(lang);
  const say = ((key, values = {}) =>
    texts[key].replace(/\{(\w+)\}/g, (_, name: string) =>
      String(values[name] ?? `{${name}}`),
    )) as Say;
  say.day = day;
  say.euros = euros;
  say.percent = percent;
  return say;
}
