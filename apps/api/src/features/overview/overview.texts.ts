/**
 * The overview file's texts in every language of the web app (`?lang`): a file leaves the
 * browser, so the server writes it in the reader's language. Dutch is the default.
 */
import type { OverviewException } from '@helder/shared/overview';
import type { Catalogs } from '../../lib/texts';

export interface OverviewTexts {
  sheets: { exceptions: string; initiatives: string };
  headers: {
    part: string;
    reference: string;
    grant: string;
    initiative: string;
    budget: string;
    income: string;
    expenses: string;
    available: string;
    overBudget: string;
    expenseCount: string;
    withoutReceipt: string;
    coverage: string;
    exceptions: string;
  };
  parts: { exception: string; initiative: string; grantTotal: string; total: string };
  exceptions: Record<OverviewException, string>;
  hidden: string;
  /** The PDF's own texts; `{name}` is filled in. */
  pdf: {
    title: string;
    regulation: string;
    grant: string;
    generated: string;
    source: string;
    exceptionsNote: string;
    noExceptions: string;
    perGrant: string;
    noInitiatives: string;
    footer: string;
    page: string;
  };
}

export const OVERVIEW_TEXTS: Catalogs<OverviewTexts> = {
  nl: {
    sheets: { exceptions: 'Uitzonderingen', initiatives: 'Initiatieven' },
    headers: {
      part: 'Deel',
      reference: 'Kenmerk',
      grant: 'Beschikking',
      initiative: 'Initiatief',
      budget: 'Begroting',
      income: 'Ontvangen',
      expenses: 'Besteed',
      available: 'Beschikbaar',
      overBudget: 'Overschreden met',
      expenseCount: 'Uitgaven',
      withoutReceipt: 'Uitgaven zonder bon',
      coverage: 'Bondekking',
      exceptions: 'Uitzondering',
    },
    parts: {
      exception: 'Uitzondering',
      initiative: 'Initiatief',
      grantTotal: 'Totaal beschikking',
      total: 'Totaal',
    },
    exceptions: { over_budget: 'Budget overschreden', missing_receipts: 'Uitgaven zonder bon' },
    hidden: '(verborgen)',
    pdf: {
      title: 'Overzicht voor de financier',
      regulation: 'Regeling {regulation} van {funder}',
      grant: 'Beschikking {grant} ({reference})',
      generated: 'Gemaakt op {day}',
      source:
        'Gemaakt uit de bedragen en bonnen in Helder; verborgen initiatieven en betalingen tellen mee.',
      exceptionsNote:
        'Initiatieven boven hun begroting en initiatieven met uitgaven zonder bon, de grootste overschrijding eerst.',
      noExceptions: 'Geen initiatieven boven hun begroting of met uitgaven zonder bon.',
      perGrant: 'Per beschikking',
      noInitiatives: 'Geen initiatieven onder deze beschikking.',
      footer: 'Overzicht {scope}, gemaakt {day}',
      page: 'Pagina {n} van {total}',
    },
  },
  en: {
    sheets: { exceptions: 'Exceptions', initiatives: 'Initiatives' },
    headers: {
      part: 'Part',
      reference: 'Reference',
      grant: 'Grant',
      initiative: 'Initiative',
      budget: 'Budget',
      income: 'Received',
      expenses: 'Spent',
      available: 'Available',
      overBudget: 'Over budget by',
      expenseCount: 'Expenses',
      withoutReceipt: 'Expenses without receipt',
      coverage: 'Receipt coverage',
      exceptions: 'Exception',
    },
    parts: {
      exception: 'Exception',
      initiative: 'Initiative',
      grantTotal: 'Grant total',
      total: 'Total',
    },
    exceptions: { over_budget: 'Over budget', missing_receipts: 'Expenses without receipt' },
    hidden: '(hidden)',
    pdf: {
      title: "Funder's overview",
      regulation: 'Regulation {regulation} of {funder}',
      grant: 'Grant {grant} ({reference})',
      generated: 'Generated on {day}',
      source:
        'Made from the amounts and receipts in Helder; hidden initiatives and payments are included.',
      exceptionsNote:
        'Initiatives over their budget and initiatives with expenses without a receipt, the largest overspending first.',
      noExceptions: 'No initiatives over their budget or with expenses without a receipt.',
      perGrant: 'Per grant',
      noInitiatives: 'No initiatives under this grant.',
      footer: 'Overview {scope}, generated {day}',
      page: 'Page {n} of {total}',
    },
  },
  fy: {
    sheets: { exceptions: 'Útsûnderingen', initiatives: 'Inisjativen' },
    headers: {
      part: 'Diel',
      reference: 'Referinsje',
      grant: 'Beskikking',
      initiative: 'Inisjatyf',
      budget: 'Begrutting',
      income: 'Ûntfongen',
      expenses: 'Bestege',
      available: 'Beskikber',
      overBudget: 'Oerskreden mei',
      expenseCount: 'Útjeften',
      withoutReceipt: 'Útjeften sûnder bon',
      coverage: 'Dekking troch bonnen',
      exceptions: 'Útsûndering',
    },
    parts: {
      exception: 'Útsûndering',
      initiative: 'Inisjatyf',
      grantTotal: 'Totaal beskikking',
      total: 'Alles byinoar',
    },
    exceptions: { over_budget: 'Budzjet oerskreden', missing_receipts: 'Útjeften sûnder bon' },
    hidden: '(ferstoppe)',
    pdf: {
      title: 'Oersjoch foar de finansier',
      regulation: 'Regeling {regulation} fan {funder}',
      grant: 'Beskikking {grant} ({reference})',
      generated: 'Makke op {day}',
      source:
        'Makke út de bedraggen en bonnen yn Helder; ferstoppe inisjativen en betellingen telle mei.',
      exceptionsNote:
        'Inisjativen boppe harren begrutting en inisjativen mei útjeften sûnder bon, de grutste oerskriding earst.',
      noExceptions: 'Gjin inisjativen boppe harren begrutting of mei útjeften sûnder bon.',
      perGrant: 'Per beskikking',
      noInitiatives: 'Gjin inisjativen ûnder dizze beskikking.',
      footer: 'Oersjoch {scope}, makke {day}',
      page: 'Side {n} fan {total}',
    },
  },
};
