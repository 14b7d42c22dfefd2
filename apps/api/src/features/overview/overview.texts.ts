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
  },
};
