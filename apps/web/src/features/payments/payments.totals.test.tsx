import { formatEuro } from '@helder/shared/money';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next } from '../../lib/i18n';
import { renderApp } from '../../test/render';
import { items, listItem, paymentsApi } from './test-fixtures';

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/initiatives'),
    import('../../app/routes/activities'),
  ]);
});

/** The table's foot as its rows' texts, each row's cells joined by ' | '. */
async function foot(name = 'Transacties') {
  const table = await screen.findByRole('table', { name });
  const groups = await within(table).findAllByRole('rowgroup');
  expect(groups).toHaveLength(3);
  return within(groups[2]!)
    .getAllByRole('row')
    .map((row) =>
      Array.from(row.children)
        .map((cell) => cell.textContent)
        .join(' | '),
    );
}

describe('the totals under the transactions of an initiative', () => {
  it('sums the whole list, not only the loaded page, and names what a visitor cannot see', async () => {
    paymentsApi({
      list: (query) => items(1000 - Number(query.get('offset')), 20),
      totalCount: 45,
      totals: { income: 500, expenses: -133.45 },
      shielded: { income: 25, expenses: -819.5 },
    });
    renderApp('/funds/3/transactieoverzicht');
    expect(await foot()).toEqual([
      `Inkomsten | ${formatEuro(500)}`,
      `Uitgaven | ${formatEuro(-133.45)}`,
      `Totaal (45 transacties) | ${formatEuro(366.55)}`,
      `Daarnaast ${formatEuro(819.5)} aan uitgaven en ${formatEuro(25)} aan inkomsten in afgeschermde betalingen, die niet in deze lijst staan.`,
    ]);
  });

  it('leaves the note out when nothing is shielded, and speaks the reader’s language', async () => {
    paymentsApi({ list: () => [listItem(1, { transaction_amount: -12.5 })] });
    await i18next.changeLanguage('en');
    renderApp('/funds/3/transactieoverzicht');
    expect(await foot('Transactions')).toEqual([
      `Income | ${formatEuro(0)}`,
      `Expenses | ${formatEuro(-12.5)}`,
      `Total (1 transaction) | ${formatEuro(-12.5)}`,
    ]);
  });

  it('names shielded payments even when the visitor sees none at all', async () => {
    paymentsApi({ shielded: { income: 0, expenses: -40 } });
    renderApp('/funds/3/activities/21/transactieoverzicht');
    expect(await screen.findByText('Geen transacties gevonden')).toBeVisible();
    expect((await foot()).at(-1)).toBe(
      `Daarnaast ${formatEuro(40)} aan uitgaven in afgeschermde betalingen, die niet in deze lijst staan.`,
    );
  });
});
