import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RecordedRequest } from '../../test/render';
import { jsonResponse, renderApp } from '../../test/render';
import { fakeXhr } from '../../test/fake-xhr';
import { BANKS, callsTo, fakeBanksApi, logIn, makeAccount, makePreview, ME } from './test-fixtures';

const UPLOAD = 'POST /api/user/:userId/statement-imports';
const uploads = (requests: RecordedRequest[]) =>
  callsTo(requests, 'POST', /\/statement-imports$/).map((request) => request.body as FormData);

const refused = (code: string, line?: number) =>
  jsonResponse(422, {
    detail: 'Invalid input',
    code: 'VALIDATION_ERROR',
    errors: [{ field: 'file', code, message: 'refused', ...(line ? { line } : {}) }],
  });

async function openImport() {
  const { user, router } = renderApp(`${BANKS}/add-bank`);
  const dialog = within(await screen.findByRole('dialog', { name: 'Bankrekening toevoegen' }));
  // Linking a bank comes first; a statement file is the other way.
  await user.click(dialog.getByRole('button', { name: 'Afschrift importeren' }));
  expect(dialog.getByRole('heading', { name: 'Afschrift importeren' })).toBeInTheDocument();
  expect(dialog.getByLabelText('Bestand')).toHaveFocus();
  const choose = async (file: File) => {
    await user.upload(dialog.getByLabelText('Bestand'), file);
    await user.click(dialog.getByRole('button', { name: 'Uploaden' }));
  };
  return { user, router, dialog, choose };
}

describe('Afschrift importeren', () => {
  it('uploads with progress, previews, imports and shows the result', async () => {
    logIn();
    const upload = fakeXhr({ hold: true });
    const { requests } = fakeBanksApi({
      owned: [makeAccount(4, { institution_name: 'ING', iban: 'NL69INGB0123456789' })],
      routes: {
        [UPLOAD]: () => jsonResponse(200, makePreview()),
        'POST /api/user/:userId/statement-import/:importId/confirm': () =>
          jsonResponse(200, {
            id: 31,
            new_count: 4,
            duplicate_count: 1,
            skipped_count: 1,
            possible_duplicate_count: 2,
            bank_account_ids: [9],
          }),
      },
    });
    const { user, router, dialog, choose } = await openImport();

    // The own accounts are offered for a file that names none.
    const account = await dialog.findByRole('combobox', { name: 'Rekening' });
    await user.selectOptions(account, 'ING – NL69 INGB 0123 4567 89');
    await choose(new File(['<Document/>'], 'afschrift.xml', { type: 'text/xml' }));

    expect(await dialog.findByRole('progressbar', { name: 'Bestand uploaden: 50%' })).toHaveValue(
      50,
    );
    upload.release();

    expect(await dialog.findByRole('heading', { name: 'Controleer het afschrift' })).toBeVisible();
    const facts = within(dialog.getByRole('region', { name: 'NL91 ABNA 0417 1643 00' }));
    expect(facts.getByText('Deze rekening wordt bij het importeren toegevoegd.')).toBeVisible();
    expect(facts.getByText('J. Jansen')).toBeVisible();
    expect(facts.getByText(/^02 jan\.? 2024 t\/m 31 jan\.? 2024$/)).toBeVisible();
    expect(facts.getByText('Nieuwe transacties').nextSibling).toHaveTextContent('4');
    expect(facts.getByText('Al geïmporteerd').nextSibling).toHaveTextContent('1');
    expect(facts.getByText('Beginsaldo').nextSibling?.textContent).toMatch(/^€\s100,00$/);
    expect(facts.getByText('Eindsaldo').nextSibling?.textContent).toMatch(/^€\s87,50$/);
    expect(facts.getByText('Saldo klopt')).toBeVisible();
    expect(dialog.getByText('Regel 14: andere valuta (USD)')).toBeVisible();

    const [sent] = uploads(requests);
    expect(callsTo(requests, 'POST', /statement-imports$/)[0]?.url).toBe(
      `/api/user/${ME}/statement-imports`,
    );
    expect((sent?.get('file') as File).name).toBe('afschrift.xml');
    expect(sent?.get('bank_account_id')).toBe('4');
    expect(sent?.has('mapping')).toBe(false);

    const listReads = callsTo(requests, 'GET', /bank-accounts$/).length;
    await user.click(dialog.getByRole('button', { name: 'Importeren' }));
    expect(
      await dialog.findByText('4 transacties geïmporteerd, 1 waren al geïmporteerd'),
    ).toBeVisible();
    expect(
      dialog.getByText(
        "2 transacties lijken op transacties die de bankkoppeling al ophaalde. We hebben ze allemaal bewaard en gemarkeerd als 'Mogelijk dubbel': kijk ze na in het transactieoverzicht.",
      ),
    ).toBeVisible();
    expect(callsTo(requests, 'POST', /\/statement-import\/31\/confirm$/)).toHaveLength(1);
    // The tab behind the modal refreshes its list.
    await waitFor(() =>
      expect(callsTo(requests, 'GET', /bank-accounts$/)).toHaveLength(listReads + 1),
    );

    // Back to the overview, showing what waits to be linked.
    await user.click(dialog.getByRole('button', { name: 'Terug naar het overzicht' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/transactions'));
    expect(router.state.location.search).toBe('?unlinked=1');
    expect(callsTo(requests, 'DELETE', /./)).toHaveLength(0);
  });

  it('shows how many lines are in while the import runs', async () => {
    logIn();
    fakeXhr();
    let finish: (response: Response) => void = () => {};
    fakeBanksApi({
      routes: {
        [UPLOAD]: () => jsonResponse(200, makePreview()),
        'POST /api/user/:userId/statement-import/:importId/confirm': () =>
          new Promise<Response>((resolve) => {
            finish = resolve;
          }),
        'GET /api/user/:userId/statement-import/:importId': () =>
          jsonResponse(200, { id: 31, status: 'importing', line_count: 120000, done_count: 30000 }),
      },
    });
    const { user, dialog, choose } = await openImport();
    await choose(new File(['<Document/>'], 'afschrift.xml', { type: 'text/xml' }));
    await user.click(await dialog.findByRole('button', { name: 'Importeren' }));

    const bar = await dialog.findByRole('progressbar', {
      name: '30.000 van 120.000 transacties verwerkt',
    });
    expect(bar).toHaveValue(30000);
    expect(bar).toHaveAttribute('max', '120000');
    finish(
      jsonResponse(200, {
        id: 31,
        new_count: 120000,
        duplicate_count: 0,
        skipped_count: 0,
        bank_account_ids: [9],
      }),
    );
    expect(await dialog.findByRole('heading', { name: 'Import voltooid' })).toBeVisible();
    expect(dialog.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('drops the preview with DELETE on "Annuleren"', async () => {
    logIn();
    fakeXhr();
    const { requests } = fakeBanksApi({
      routes: {
        [UPLOAD]: () => jsonResponse(200, makePreview({ skipped: [], skipped_count: 0 })),
        'DELETE /api/user/:userId/statement-import/:importId': () =>
          new Response(null, { status: 204 }),
      },
    });
    const { user, router, dialog, choose } = await openImport();
    await choose(new File(['x'], 'afschrift.sta'));
    await dialog.findByRole('heading', { name: 'Controleer het afschrift' });
    await user.click(dialog.getByRole('button', { name: 'Annuleren' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(BANKS));
    expect(callsTo(requests, 'DELETE', /./).map((request) => request.url)).toEqual([
      `/api/user/${ME}/statement-import/31`,
    ]);
  });

  it('says why a file is refused, with its line, and that a file is too large', async () => {
    logIn();
    fakeXhr();
    let answer = refused('statement_bad_date', 7);
    const { requests } = fakeBanksApi({ routes: { [UPLOAD]: () => answer } });
    const { user, dialog, choose } = await openImport();

    await choose(new File(['x'], 'afschrift.940'));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Het bestand bevat een ongeldige datum. (op regel 7)',
    );
    expect(dialog.getByLabelText('Bestand')).toHaveAccessibleDescription(
      /ongeldige datum\. \(op regel 7\)$/,
    );

    answer = refused('statement_foreign_account');
    await user.click(dialog.getByRole('button', { name: 'Uploaden' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      /^Dit afschrift hoort bij een rekening die iemand anders heeft gekoppeld\.$/,
    );

    answer = jsonResponse(413, {
      detail: 'The file is larger than 100 MB',
      code: 'PAYLOAD_TOO_LARGE',
    });
    await user.click(dialog.getByRole('button', { name: 'Uploaden' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'Het bestand is te groot (maximaal 100 MB).',
    );
    expect(uploads(requests)).toHaveLength(3);

    // Checked before uploading: a file over 100 MB is never sent.
    const huge = new File(['x'], 'groot.xml');
    Object.defineProperty(huge, 'size', { value: 100 * 1024 * 1024 + 1 });
    await user.upload(dialog.getByLabelText('Bestand'), huge);
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'Het bestand is te groot (maximaal 100 MB).',
    );
    expect(dialog.getByRole('button', { name: 'Uploaden' })).toBeDisabled();
    expect(uploads(requests)).toHaveLength(3);
  });

  it('offers and uploads .mt940 and .mt940x files', async () => {
    logIn();
    fakeXhr();
    const { requests } = fakeBanksApi({ routes: { [UPLOAD]: () => refused('statement_empty') } });
    const { user, dialog } = await openImport();
    const input = dialog.getByLabelText<HTMLInputElement>('Bestand');

    // user-event drops a file the input's accept list does not name, as a browser's picker does.
    for (const name of ['rabo.mt940', 'knab.MT940X']) {
      await user.upload(input, new File([':20:X'], name));
      expect(input.files?.[0]?.name).toBe(name);
      await user.click(dialog.getByRole('button', { name: 'Uploaden' }));
      await waitFor(() => expect(dialog.getByRole('alert')).toBeVisible());
    }
    expect(uploads(requests).map((sent) => (sent.get('file') as File).name)).toEqual([
      'rabo.mt940',
      'knab.MT940X',
    ]);
  });

  it('maps the columns of an unknown CSV and uploads it again with the mapping', async () => {
    logIn();
    fakeXhr();
    const { requests } = fakeBanksApi({
      routes: {
        [UPLOAD]: (request) =>
          (request.body as FormData).has('mapping')
            ? jsonResponse(200, makePreview({ file_name: 'export.csv', format: 'csv' }))
            : refused('statement_unknown_format'),
      },
    });
    const { user, dialog, choose } = await openImport();
    const csv = [
      'Datum;Naam;Tegenrekening;Af Bij;Bedrag;Omschrijving;Kenmerk',
      '05-01-2024;Bakker;NL02RABO0123456789;Af;12,50;Brood;A1',
      '06-01-2024;Gemeente;NL13TEST0123456789;Bij;500,00;Subsidie;A2',
    ].join('\r\n');
    await choose(new File([csv], 'export.csv', { type: 'text/csv' }));

    expect(await dialog.findByRole('heading', { name: 'Kolommen kiezen' })).toBeVisible();
    const sample = within(dialog.getByRole('table', { name: 'Voorbeeld van het bestand' }));
    expect(sample.getAllByRole('columnheader')).toHaveLength(7);
    expect(sample.getByRole('cell', { name: 'Gemeente' })).toBeInTheDocument();

    // Guessed from the header and the first line.
    expect(dialog.getByRole('combobox', { name: 'Scheidingsteken' })).toHaveValue(';');
    expect(
      dialog.getByRole('checkbox', { name: 'De eerste regel bevat kolomnamen' }),
    ).toBeChecked();
    expect(dialog.getByRole('combobox', { name: 'Datum' })).toHaveValue('0');
    const notation = dialog.getByRole('combobox', { name: 'Datumnotatie' });
    expect(notation).toHaveValue('dd-mm-yyyy');
    // Shown in the reader's letters; the value sent stays the API's.
    expect(
      within(notation)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['jjjj-mm-dd', 'dd-mm-jjjj', 'dd/mm/jjjj', 'jjjjmmdd', 'mm/dd/jjjj']);
    expect(dialog.getByRole('combobox', { name: 'Bedrag' })).toHaveValue('4');
    expect(dialog.getByRole('textbox', { name: 'Waarde voor af' })).toHaveValue('Af');

    // The reader corrects and adds.
    await user.selectOptions(
      dialog.getByRole('combobox', { name: 'Naam tegenpartij (optioneel)' }),
      'Kolom 2: Naam',
    );
    await user.click(dialog.getByRole('checkbox', { name: 'Kolom 7: Kenmerk' }));
    await user.click(dialog.getByRole('button', { name: 'Opnieuw uploaden' }));

    expect(await dialog.findByRole('heading', { name: 'Controleer het afschrift' })).toBeVisible();
    const [first, second] = uploads(requests);
    expect(first?.has('mapping')).toBe(false);
    expect((second?.get('file') as File).name).toBe('export.csv');
    expect(JSON.parse(second?.get('mapping') as string)).toEqual({
      delimiter: ';',
      hasHeader: true,
      date: 0,
      dateFormat: 'dd-mm-yyyy',
      amount: 4,
      decimal: ',',
      debitCredit: { column: 3, debitValues: ['Af'] },
      counterpartyName: 1,
      counterpartyIban: 2,
      description: [5, 6],
    });
  });

  it('asks for the date and amount columns before uploading again', async () => {
    logIn();
    fakeXhr();
    const { requests } = fakeBanksApi({
      routes: { [UPLOAD]: () => refused('statement_unknown_format') },
    });
    const { user, dialog, choose } = await openImport();
    await choose(new File(['1,2,3\n4,5,6\n'], 'lijst.txt'));
    await dialog.findByRole('heading', { name: 'Kolommen kiezen' });
    expect(
      dialog.getByRole('checkbox', { name: 'De eerste regel bevat kolomnamen' }),
    ).not.toBeChecked();
    await user.click(dialog.getByRole('button', { name: 'Opnieuw uploaden' }));
    expect(dialog.getByRole('combobox', { name: 'Datum' })).toHaveAccessibleDescription(
      'Kies een kolom.',
    );
    expect(dialog.getByRole('combobox', { name: 'Bedrag' })).toBeInvalid();
    expect(uploads(requests)).toHaveLength(1);
  });

  it('lists the already imported lines, folded, with the payment each is taken for', async () => {
    logIn();
    fakeXhr();
    const [account] = makePreview().accounts;
    const payment = (id: number, amount: number, counterparty: string | null) => ({
      payment_id: id,
      booking_date: '2024-01-05',
      amount,
      counterparty,
      description: id === 501 ? 'Subsidie buurtfeest' : null,
    });
    const accounts = [
      {
        ...account!,
        duplicate_count: 3,
        duplicates: [payment(501, 2560, 'Gemeente Utrecht'), payment(502, -1000, null)],
      },
      { ...account!, iban: 'NL20INGB0001234567', duplicate_count: 2 },
      { ...account!, iban: 'NL44RABO0123456789', duplicate_count: 0, duplicates: [] },
    ];
    fakeBanksApi({ routes: { [UPLOAD]: () => jsonResponse(200, makePreview({ accounts })) } });
    const { user, dialog, choose } = await openImport();
    await choose(new File(['x'], 'afschrift.csv'));
    await dialog.findByRole('heading', { name: 'Controleer het afschrift' });

    const first = within(dialog.getByRole('region', { name: 'NL91 ABNA 0417 1643 00' }));
    const toggle = first.getByText('Bekijk de al geïmporteerde transacties (3)');
    expect(first.queryByText('betaling 501')).not.toBeVisible();
    await user.click(toggle);
    const items = first.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      /^05 jan\.? 2024 · €\s2\.560,00 · Gemeente Utrecht · Subsidie buurtfeest · betaling 501$/,
    );
    expect(items[1]).toHaveTextContent(
      /^05 jan\.? 2024 · €\s-1\.000,00 · Geen tegenpartij · betaling 502$/,
    );
    expect(first.getByText('En nog 1 andere.')).toBeVisible();

    // A server without the list: the count alone, and why there is no list.
    const second = within(dialog.getByRole('region', { name: 'NL20 INGB 0001 2345 67' }));
    await user.click(second.getByText('Bekijk de al geïmporteerde transacties (2)'));
    expect(second.getByText('Welke betalingen dit zijn, kan niet worden getoond.')).toBeVisible();
    // Nothing imported before: nothing to unfold.
    const third = within(dialog.getByRole('region', { name: 'NL44 RABO 0123 4567 89' }));
    expect(third.queryByText(/al geïmporteerde transacties/)).not.toBeInTheDocument();
  });
});
