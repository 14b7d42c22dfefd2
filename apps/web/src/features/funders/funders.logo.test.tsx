import type { Picture } from '@helder/shared/users';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { actionsFor, fakeApi, jsonBody, requestsTo, type FakeHandler } from '../../test/fake-api';
import { jsonResponse, makeToken, renderApp } from '../../test/render';
import { initiative } from '../../test/spending-unit-fixtures';
import { TOKEN_STORAGE_KEY } from '../auth';

/** Sponsor logos: on the sponsors page, the sponsor's page, the Sponsoren tab and the edit form. */
const ADMIN = { Funder: ['create'], 'Funder:*': ['read', 'edit', 'delete', 'create_regulation'] };

const logo = (name: string): Picture => ({
  attachment_url: `https://files.example/${name}.png?sig=1`,
  attachment_thumbnail_url_128: `https://files.example/${name}_128.webp?sig=1`,
  attachment_thumbnail_url_256: `https://files.example/${name}_256.webp?sig=1`,
  attachment_thumbnail_url_512: `https://files.example/${name}_512.webp?sig=1`,
});

const FUNDERS = [
  { id: 1, name: 'Gemeente Oost', url: 'https://oost.example.nl', logo: logo('oost') },
  { id: 2, name: 'Fonds Noord', url: 'https://noord.example.nl', logo: null },
];

function api(routes: Record<string, FakeHandler> = {}) {
  return fakeApi({
    'GET /api/funders': () => jsonResponse(200, { funders: FUNDERS }),
    'GET /api/funder/:id': (_request, { params }) =>
      jsonResponse(200, { ...FUNDERS.find((f) => f.id === Number(params[0])), regulations: [] }),
    'GET /api/funder/:id/regulations': () => jsonResponse(200, { regulations: [] }),
    'PATCH /api/funder/:id': (_request, { params }) =>
      jsonResponse(
        200,
        FUNDERS.find((f) => f.id === Number(params[0])),
      ),
    'GET /api/auth/entity-access/actions': actionsFor(ADMIN),
    ...routes,
  });
}

beforeAll(async () => {
  await import('../../app/routes/initiatives');
});

beforeEach(() => {
  localStorage.setItem(TOKEN_STORAGE_KEY, makeToken());
});

describe('sponsor logos', () => {
  it('shows the thumbnail beside the name on the sponsors page, a monogram without a logo', async () => {
    api();
    renderApp('/sponsors');
    const list = await screen.findByRole('list', { name: 'Lijst met sponsors' });
    const [oost, noord] = within(list).getAllByRole('listitem');
    // Decorative: the name is right beside it, so the image has an empty alt.
    const image = within(oost!).getByRole('presentation');
    expect(image).toHaveAttribute('src', 'https://files.example/oost_128.webp?sig=1');
    expect(image).toHaveAttribute('srcset', expect.stringContaining('oost_256.webp'));
    expect(image).toHaveAttribute('alt', '');
    expect(noord!.querySelector('img')).toBeNull();
    expect(within(noord!).getByText('FN')).toHaveAttribute('aria-hidden', 'true');
  });

  it("shows the logo in the sponsor page's heading, which keeps the name as its text", async () => {
    api();
    renderApp('/sponsors/1/regulations');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Gemeente Oost' });
    expect(heading.querySelector('img')).toHaveAttribute(
      'src',
      'https://files.example/oost_128.webp?sig=1',
    );
  });

  it("shows the sponsor's logo in an initiative's Sponsoren tab", async () => {
    const data = initiative();
    data.grant!.funder = { id: 1, name: 'Gemeente Amsterdam', logo: logo('ams') };
    fakeApi({
      'GET /api/initiative/:id': () => jsonResponse(200, data),
      'GET /api/auth/entity-access/actions': actionsFor({ 'Initiative:*': ['read'] }),
      'GET /api/auth/entity-access/edit-fields': () => jsonResponse(200, { fields: [] }),
    });
    renderApp('/funds/3/sponsoren');
    const panel = await screen.findByRole('region', { name: 'Sponsoren' });
    const sponsor = within(panel).getByText('Gemeente Amsterdam');
    expect(sponsor.querySelector('img')).toHaveAttribute(
      'src',
      'https://files.example/ams_128.webp?sig=1',
    );
  });
});

describe('the logo in the sponsor edit form', () => {
  const open = async () => {
    const rendered = renderApp('/sponsors/1/edit-sponsor');
    const dialog = await screen.findByRole('dialog', { name: 'Sponsor bewerken' });
    await within(dialog).findByLabelText('Naam');
    return { ...rendered, dialog };
  };

  it('uploads a chosen logo as the multipart field file, then saves the fields and closes', async () => {
    const { requests } = api({
      'POST /api/funder/:id/logo': () => jsonResponse(200, logo('nieuw')),
    });
    const { user, router, dialog } = await open();
    expect(within(dialog).getByRole('img', { name: 'Huidig logo' })).toBeInTheDocument();
    const input = within(dialog).getByLabelText(/^Logo/);
    await user.upload(input, new File(['png'], 'logo.png', { type: 'image/png' }));
    expect(within(dialog).getByText('logo.png')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Bijwerken' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sponsors'));
    const [upload] = requestsTo(requests, 'POST', '/api/funder/1/logo');
    const body = upload!.body as FormData;
    expect((body.get('file') as File).name).toBe('logo.png');
    expect(jsonBody(requestsTo(requests, 'PATCH', '/api/funder/1')[0])).toEqual({
      name: 'Gemeente Oost',
      url: 'https://oost.example.nl',
    });
  });

  it('removes the logo on save, and keeps the focus in the field', async () => {
    const { requests } = api({
      'DELETE /api/funder/:id/logo': () => new Response(null, { status: 204 }),
    });
    const { user, router, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Logo verwijderen' }));
    expect(within(dialog).queryByRole('img', { name: 'Huidig logo' })).toBeNull();
    expect(within(dialog).getByLabelText(/^Logo/)).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Bijwerken' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/sponsors'));
    expect(requestsTo(requests, 'DELETE', '/api/funder/1/logo')).toHaveLength(1);
  });

  it('says so on the logo when the server refuses the file, and keeps the form open', async () => {
    const { requests } = api({
      'POST /api/funder/:id/logo': () =>
        jsonResponse(415, { detail: 'No', code: 'UNSUPPORTED_MEDIA_TYPE' }),
    });
    const { user, dialog } = await open();
    await user.upload(
      within(dialog).getByLabelText(/^Logo/),
      new File(['tekst'], 'logo.png', { type: 'image/png' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Bijwerken' }));
    expect(
      await within(dialog).findByText('Kies een afbeelding (PNG, JPEG of WebP).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Logo/)).toHaveAttribute('aria-invalid', 'true');
    expect(requestsTo(requests, 'PATCH', '/api/funder/1')).toHaveLength(0);
  });
});
