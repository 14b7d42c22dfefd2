import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next } from '../../lib/i18n';
import { actionsFor, fakeApi, requestsTo, type FakeHandler } from '../../test/fake-api';
import { jsonResponse, renderApp } from '../../test/render';
import { activity, initiative } from '../../test/spending-unit-fixtures';

beforeAll(async () => {
  await Promise.all([
    import('../../app/routes/initiatives'),
    import('../../app/routes/activities'),
  ]);
});

const image = {
  id: 7,
  payment: {
    id: 41,
    booking_date: '2026-03-14T23:30:00Z',
    transaction_amount: -12.5,
    counterparty: 'Bakkerij De Korenaar',
    activity_id: null,
  },
  attachment_url: 'https://files.example/bon.jpg?sig=1',
  attachment_thumbnail_url_128: 'https://files.example/bon-128.webp?sig=1',
  attachment_thumbnail_url_256: 'https://files.example/bon-256.webp?sig=1',
  attachment_thumbnail_url_512: 'https://files.example/bon-512.webp?sig=1',
};
const pdf = {
  id: 6,
  payment: {
    id: 42,
    booking_date: '2026-02-01T10:00:00Z',
    transaction_amount: 500,
    counterparty: 'afgeschermd',
    activity_id: 21,
  },
  attachment_url: 'https://files.example/factuur.pdf?sig=1',
  attachment_thumbnail_url_128: null,
  attachment_thumbnail_url_256: null,
  attachment_thumbnail_url_512: null,
};

function api(media: FakeHandler) {
  return fakeApi({
    'GET /api/initiative/:id': () => jsonResponse(200, initiative()),
    'GET /api/initiative/:id/activity/:activityId': () => jsonResponse(200, activity()),
    'GET /api/auth/entity-access/actions': actionsFor({}),
    'GET /api/initiative/:id/media': media,
    'GET /api/initiative/:id/activity/:activityId/media': media,
  });
}

describe('media tab', () => {
  const imageCaption = '15-03-2026 · Bakkerij De Korenaar · €\u00a0-12,50';
  const pdfCaption = '01-02-2026 · afgeschermd · €\u00a0500,00';
  // Text and title queries see a no-break space as a space; accessible names keep it.
  const spaced = (text: string) => text.replaceAll('\u00a0', ' ');

  it('shows thumbnails (128, 256 on dense screens) and a pdf tile', async () => {
    const { requests } = api(() => jsonResponse(200, { attachments: [image, pdf] }));
    renderApp('/funds/3/media');
    const panel = await screen.findByRole('region', { name: 'Media' });
    const grid = await within(panel).findByRole('list', { name: 'Media' });
    const picture = within(grid).getByRole('button', { name: `Bekijk medium van ${imageCaption}` });
    const thumbnail = picture.querySelector('img');
    expect(thumbnail).toHaveAttribute('src', image.attachment_thumbnail_url_128);
    expect(thumbnail).toHaveAttribute(
      'srcset',
      `${image.attachment_thumbnail_url_128} 1x, ${image.attachment_thumbnail_url_256} 2x`,
    );
    const tile = within(grid).getByRole('button', {
      name: `Bekijk PDF-document van ${pdfCaption}`,
    });
    expect(tile).toHaveTextContent('PDF');
    expect(requestsTo(requests, 'GET', '/api/initiative/3/media')[0]?.url).toBe(
      '/api/initiative/3/media?offset=0&limit=20',
    );
  });

  it('captions each tile by its payment (day in Amsterdam, counterparty, amount) and links to it', async () => {
    api(() => jsonResponse(200, { attachments: [image, pdf] }));
    renderApp('/funds/3/media');
    const grid = await screen.findByRole('list', { name: 'Media' });
    const [first, second] = within(grid).getAllByRole('listitem');
    expect(first).toHaveTextContent(spaced(imageCaption));
    expect(second).toHaveTextContent(spaced(pdfCaption));
    expect(
      within(first!).getByRole('link', { name: `Transactie bekijken: ${imageCaption}` }),
    ).toHaveAttribute('href', '/funds/3/41/details');
    // A payment of an activity opens under its activity.
    expect(within(second!).getByRole('link', { name: /^Transactie bekijken: / })).toHaveAttribute(
      'href',
      '/funds/3/activities/21/42/details',
    );
  });

  it('opens a preview titled by its payment: the picture, or the PDF in a frame', async () => {
    api(() => jsonResponse(200, { attachments: [image, pdf] }));
    const { user } = renderApp('/funds/3/media');
    await user.click(
      await screen.findByRole('button', { name: `Bekijk medium van ${imageCaption}` }),
    );
    const preview = await screen.findByRole('dialog', { name: imageCaption });
    expect(
      within(preview).getByRole('img', { name: `Medium van ${imageCaption} op volle grootte` }),
    ).toHaveAttribute('src', image.attachment_url);
    expect(within(preview).getByRole('link', { name: 'Transactie bekijken' })).toHaveAttribute(
      'href',
      '/funds/3/41/details',
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: `Bekijk PDF-document van ${pdfCaption}` }));
    const pdfPreview = await screen.findByRole('dialog', { name: pdfCaption });
    const frame = within(pdfPreview).getByTitle(spaced(`PDF-document van ${pdfCaption}`));
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', pdf.attachment_url);
  });

  it('steps to the previous and next medium in the preview, round at the ends', async () => {
    api(() => jsonResponse(200, { attachments: [image, pdf] }));
    const { user } = renderApp('/funds/3/media');
    await user.click(
      await screen.findByRole('button', { name: `Bekijk medium van ${imageCaption}` }),
    );
    const preview = await screen.findByRole('dialog', { name: imageCaption });
    expect(preview).toHaveTextContent('Medium 1 van 2');
    await user.click(within(preview).getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByRole('dialog', { name: pdfCaption })).toHaveTextContent(
      'Medium 2 van 2',
    );
    expect(screen.getByTitle(spaced(`PDF-document van ${pdfCaption}`))).toHaveAttribute(
      'src',
      pdf.attachment_url,
    );
    await user.click(screen.getByRole('button', { name: 'Volgende' }));
    expect(await screen.findByRole('dialog', { name: imageCaption })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Vorige' }));
    expect(await screen.findByRole('dialog', { name: pdfCaption })).toBeInTheDocument();
  });

  it("shows a shielded counterparty in the reader's language", async () => {
    api(() => jsonResponse(200, { attachments: [pdf] }));
    renderApp('/funds/3/media');
    await screen.findByRole('list', { name: 'Media' });
    await i18next.changeLanguage('en');
    expect(
      await screen.findByRole('button', {
        name: 'View PDF document of 01-02-2026 · shielded · €\u00a0500,00',
      }),
    ).toBeInTheDocument();
  });

  it("says 'Geen media gevonden'", async () => {
    api(() => jsonResponse(200, { attachments: [] }));
    renderApp('/funds/3/media');
    expect(await screen.findByText('Geen media gevonden')).toBeInTheDocument();
  });

  it('says so when the media cannot be fetched (also in English)', async () => {
    api(() => jsonResponse(500, { detail: 'x', code: 'INTERNAL_ERROR' }));
    renderApp('/funds/3/media');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Het ophalen van de media is mislukt. Probeer het later opnieuw.',
    );
    await i18next.changeLanguage('en');
    expect(
      await screen.findByText('Failed to fetch media. Please try again later.'),
    ).toBeInTheDocument();
  });

  it("asks for the activity's media on the activity", async () => {
    const { requests } = api(() => jsonResponse(200, { attachments: [] }));
    renderApp('/funds/3/activities/21/media');
    expect(await screen.findByText('Geen media gevonden')).toBeInTheDocument();
    expect(requestsTo(requests, 'GET', '/api/initiative/3/activity/21/media')[0]?.url).toBe(
      '/api/initiative/3/activity/21/media?offset=0&limit=20',
    );
  });
});
