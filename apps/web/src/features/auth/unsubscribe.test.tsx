import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bodyText, jsonResponse, mockFetch, renderApp } from '../../test/render';

async function open(url: string) {
  const app = renderApp(url);
  await screen.findByRole('heading', { level: 1, name: 'Herinneringen over bonnen' });
  return app;
}

describe('/reminders/unsubscribe', () => {
  it('turns the reminders off with one click on the link of the mail, not on the visit', async () => {
    const { fetchMock, requests } = mockFetch(() => jsonResponse(200, {}));
    const { user } = await open('/reminders/unsubscribe?token=abc.def%2Bg');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Afmelden' }));
    expect(await screen.findByText(/Je bent afgemeld/)).toBeVisible();
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/reminders/unsubscribe' });
    expect(JSON.parse(bodyText(requests[0]))).toEqual({ token: 'abc.def+g' });
  });

  it('says a link the server refuses (400) is invalid, and offers the login', async () => {
    mockFetch(() => jsonResponse(400, { detail: 'Invalid or expired token', code: 'BAD_TOKEN' }));
    const { user } = await open('/reminders/unsubscribe?token=expired');
    await user.click(screen.getByRole('button', { name: 'Afmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Deze afmeldlink is ongeldig of verlopen.',
    );
    const page = within(screen.getByRole('region', { name: 'Herinneringen over bonnen' }));
    expect(page.getByRole('link', { name: 'Inloggen' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: 'Afmelden' })).not.toBeInTheDocument();
  });

  it('says a link without a token is invalid, without asking the server', async () => {
    const { fetchMock } = mockFetch(() => jsonResponse(200, {}));
    await open('/reminders/unsubscribe');
    expect(screen.getByRole('alert')).toHaveTextContent(/ongeldig of verlopen/);
    expect(screen.queryByRole('button', { name: 'Afmelden' })).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says so and lets the user try again when the server fails', async () => {
    let calls = 0;
    mockFetch(() =>
      ++calls === 1
        ? jsonResponse(500, { detail: 'boom', code: 'INTERNAL_ERROR' })
        : jsonResponse(200, {}),
    );
    const { user } = await open('/reminders/unsubscribe?token=abc');
    await user.click(screen.getByRole('button', { name: 'Afmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Afmelden is niet gelukt.');
    await user.click(screen.getByRole('button', { name: 'Afmelden' }));
    expect(await screen.findByText(/Je bent afgemeld/)).toBeVisible();
  });
});
