import type { InboxReceipt } from '@helder/shared/receipts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { requestsTo } from '../../test/fake-api';
import { fakeXhr } from '../../test/fake-xhr';
import { jsonResponse, renderApp, type RecordedRequest } from '../../test/render';
import { fakePaymentsApi, logIn } from './overview-test-fixtures';
import { receipt } from './receipts-test-fixtures';

const files = (count: number) =>
  Array.from(
    { length: count },
    (_, i) => new File([`receipt ${i + 1}`], `bon-${i + 1}.pdf`, { type: 'application/pdf' }),
  );

/**
 * /transactions whose inbox takes each request when the test says so: `answer(i, names)` gives
 * the i-th request's answer from its files' names (its files join the inbox on a 200).
 */
function open(answer: (i: number, names: string[]) => number | Response = () => 200) {
  logIn();
  fakeXhr();
  const inbox: InboxReceipt[] = [];
  const waiting: Array<() => void> = [];
  const fake = fakePaymentsApi({
    routes: {
      'GET /api/receipts/inbox': () => jsonResponse(200, { receipts: inbox }),
      'POST /api/receipts/inbox': (request: RecordedRequest) => {
        const i = waiting.length;
        const names = (request.body as FormData).getAll('files').map((file) => (file as File).name);
        const sent = names.length;
        return new Promise<Response>((resolve) => {
          waiting.push(() => {
            const status = answer(i, names);
            if (status instanceof Response) {
              resolve(status);
              return;
            }
            if (status !== 200) {
              resolve(jsonResponse(status, { detail: 'Refused', code: 'UNSUPPORTED_MEDIA_TYPE' }));
              return;
            }
            for (let k = 0; k < sent; k++) {
              inbox.push(receipt(inbox.length + 1, 'queued', [], null, { initiativeId: null }));
            }
            resolve(jsonResponse(200, { receipts: inbox }));
          });
        });
      },
    },
  });
  renderApp('/transactions');
  /** Lets the server answer request `i` (0-based) once it has come in. */
  const release = async (i: number) => {
    await waitFor(() => expect(waiting.length).toBeGreaterThan(i));
    waiting[i]!();
  };
  return { ...fake, release };
}

async function drop(count: number, extra: File[] = []) {
  fireEvent.click(await screen.findByRole('button', { name: 'Bonnen toevoegen' }));
  const dialog = await screen.findByRole('dialog', { name: 'Bonnen toevoegen' });
  await within(dialog).findByText('Er zijn nog geen bonnen toegevoegd.');
  fireEvent.change(dialog.querySelector('input[type="file"]')!, {
    target: { files: [...files(count), ...extra] },
  });
  return dialog;
}

const uploads = (requests: RecordedRequest[]) =>
  requestsTo(requests, 'POST', '/api/receipts/inbox');

describe('Sending many receipts', () => {
  it('counts the receipts in per request of ten, with a bar', async () => {
    const { requests, release } = open();
    const dialog = await drop(12);
    expect(await within(dialog).findByText('0 van 12 bonnen verstuurd')).toBeVisible();
    const bar = within(dialog).getByRole('progressbar', { name: '0 van 12 bonnen verstuurd' });
    expect(bar).toBeVisible();

    await release(0);
    expect(await within(dialog).findByText('10 van 12 bonnen verstuurd')).toBeVisible();
    // The first ten are in the list while the rest is sent.
    const list = await within(dialog).findByRole('list', { name: 'Toegevoegde bonnen' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);

    await release(1);
    expect(await within(dialog).findByText('12 van 12 bonnen verstuurd')).toBeVisible();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    const sent = uploads(requests).map((r) => (r.body as FormData).getAll('files').length);
    expect(sent).toEqual([10, 2]);
  });

  it('sends a request refused for one file again file by file, and names only that file', async () => {
    // The server refuses a request as a whole when one file's content is no receipt.
    const { requests, release } = open((_, names) => (names.includes('bon-13.pdf') ? 415 : 200));
    const dialog = await drop(25);
    for (let i = 0; i < 13; i++) await release(i);
    expect(await within(dialog).findByText('24 van 25 bonnen verstuurd')).toBeVisible();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Niet verstuurd: bon-13.pdf. Dit bestand is geen pdf, jpg of png.',
    );
    const sent = uploads(requests).map((r) => (r.body as FormData).getAll('files').length);
    // Ten, ten refused, each of those ten alone, then the last five.
    expect(sent).toEqual([10, 10, ...Array<number>(10).fill(1), 5]);
    const list = within(dialog).getByRole('list', { name: 'Toegevoegde bonnen' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(24);
  });

  it('does not send again file by file what was refused for the inbox, not for a file', async () => {
    const full = jsonResponse(422, {
      detail: 'Validation failed',
      code: 'VALIDATION_ERROR',
      errors: [{ field: 'files', code: 'inbox_full', message: 'At most 200' }],
    });
    const { requests, release } = open((i) => (i === 1 ? full : 200));
    const dialog = await drop(25);
    for (let i = 0; i < 3; i++) await release(i);
    expect(await within(dialog).findByText('15 van 25 bonnen verstuurd')).toBeVisible();
    const names = Array.from({ length: 10 }, (_, i) => `bon-${i + 11}.pdf`).join(', ');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      `Niet verstuurd: ${names}. Er wachten al 200 bonnen op koppelen.`,
    );
    const sent = uploads(requests).map((r) => (r.body as FormData).getAll('files').length);
    expect(sent).toEqual([10, 10, 5]);
  });

  it('leaves out a file of another type or over 10 MB, naming it, and sends the others', async () => {
    const { requests, release } = open();
    const gif = new File(['GIF89a'], 'foto.gif', { type: 'image/gif' });
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'scan.pdf', {
      type: 'application/pdf',
    });
    const dialog = await drop(3, [gif, big]);
    await release(0);
    expect(await within(dialog).findByText('3 van 3 bonnen verstuurd')).toBeVisible();
    const alerts = within(dialog).getAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Niet verstuurd: foto.gif. Dit bestand is geen pdf, jpg of png.',
      'Niet verstuurd: scan.pdf. Dit bestand is groter dan 10 MB.',
    ]);
    const sent = uploads(requests).map((r) =>
      (r.body as FormData).getAll('files').map((file) => (file as File).name),
    );
    expect(sent).toEqual([['bon-1.pdf', 'bon-2.pdf', 'bon-3.pdf']]);
  });

  it('stops: nothing more is sent, and what was sent stays', async () => {
    const { requests, release } = open();
    const dialog = await drop(25);
    await release(0);
    expect(await within(dialog).findByText('10 van 25 bonnen verstuurd')).toBeVisible();
    await waitFor(() => expect(uploads(requests)).toHaveLength(2));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Versturen stoppen' }));
    expect(
      await within(dialog).findByText('Versturen gestopt: 10 van 25 bonnen verstuurd.'),
    ).toBeVisible();
    expect(within(dialog).queryByRole('progressbar')).toBeNull();
    expect(uploads(requests)).toHaveLength(2);
    const list = within(dialog).getByRole('list', { name: 'Toegevoegde bonnen' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
  });
});
