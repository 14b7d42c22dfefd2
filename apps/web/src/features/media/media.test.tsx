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
  attachment_url: 'https://files.example/bon.jpg?sig=1',
  attachment_thumbnail_url_128: 'https://files.example/bon-128.webp?sig=1',
  attachment_thumbnail_url_256: 'https://files.example/bon-256.webp?sig=1',
  attachment_thumbnail_url_512: 'https://files.example/bon-512.webp?sig=1',
};
const pdf = {
  id: 6,
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
  it('shows thumbnails (128, 256 on dense screens) and a pdf tile', async () => {
    const { requests } = api(() => jsonResponse(200, { attachments: [image, pdf] }));
    renderApp('/funds/3/media');
    const panel = await screen.findByRole('region', { name: 'Media' });
    const grid = await within(panel).findByRole('list', { name: 'Media' });
    const picture = within(grid).getByRole('button', { name: 'Bekijk medium 1' });
    const thumbnail = picture.querySelector('img');
    expect(thumbnail).toHaveAttribute('src', image.attachment_thumbnail_url_128);
    expect(thumbnail).toHaveAttribute(
      'srcset',
      `${image.attachment_thumbnail_url_128} 1x, ${image.attachment_thumbnail_url_256} 2x`,
    );
    const tile = within(grid).getByRole('button', { name: 'Bekijk PDF-document 2' });
    expect(tile).toHaveTextContent('PDF');
    expect(requestsTo(requests, 'GET', '/api/initiative/3/media')[0]?.url).toBe(
      '/api/initiative/3/media?offset=0&limit=20',
    );
  });

  it('opens a preview overlay: the picture, or the PDF in a frame', async () => {
    api(() => jsonResponse(200, { attachments: [image, pdf] }));
    const { user } = renderApp('/funds/3/media');
    await user.click(await screen.findByRole('button', { name: 'Bekijk medium 1' }));
    const preview = await screen.findByRole('dialog', { name: 'Medium 1' });
    expect(within(preview).getByRole('img', { name: 'Medium 1 op volle grootte' })).toHaveAttribute(
      'src',
      image.attachment_url,
    );
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Bekijk PDF-document 2' }));
    const pdfPreview = await screen.findByRole('dialog', { name: 'Medium 2' });
    const frame = within(pdfPreview).getByTitle('PDF-document 2');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', pdf.attachment_url);
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
