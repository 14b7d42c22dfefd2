import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test/render';
import { fakeUsersApi, listQueries, logInAs, makeUser, ME } from './test-fixtures';

const me = makeUser(ME, { first_name: 'Ik', last_name: 'Zelf', email: 'ik@example.nl' });

/** Fakes the scroll geometry of the directory and scrolls it to `scrollTop`. */
function scrollList(scroller: HTMLElement, scrollTop: number, scrollHeight = 2000) {
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 500 });
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: scrollHeight });
  scroller.scrollTop = scrollTop;
  fireEvent.scroll(scroller);
}

function directory() {
  return screen.getByRole('region', { name: 'Gebruikerslijst' });
}

/** Waits for the lazily loaded page, then returns the directory. */
async function findDirectory() {
  return screen.findByRole('region', { name: 'Gebruikerslijst' });
}

describe('contacts list', () => {
  it('shows the own profile on top, roles as Beheerder/Financieel/Gebruiker/Super beheerder and the labels', async () => {
    logInAs(ME);
    const users = [
      me,
      makeUser(2, { first_name: 'Anna', last_name: 'Admin', role: 'administrator' }),
      makeUser(3, { first_name: 'Frank', last_name: 'Financieel', role: 'financial' }),
      makeUser(4, { first_name: 'Gijs', last_name: 'Gewoon', role: 'user', hidden: true }),
      makeUser(5, {
        first_name: 'Sara',
        last_name: 'Super',
        role: 'administrator',
        is_superuser: true,
        is_active: false,
      }),
    ];
    fakeUsersApi({ users });
    renderApp('/contacts');

    expect(await screen.findByRole('heading', { level: 1, name: 'Gebruikers' })).toBeVisible();
    const own = await screen.findByRole('link', { name: /Ik Zelf/ });
    expect(own).toHaveAttribute('href', `/contacts/${ME}`);

    const list = within(await findDirectory());
    const items = await list.findAllByRole('listitem');
    // The caller is the own-profile entry, not repeated in the list.
    expect(items).toHaveLength(4);
    expect(list.getByRole('link', { name: /Anna Admin.*Beheerder/ })).toHaveAttribute(
      'href',
      '/contacts/2',
    );
    expect(list.getByRole('link', { name: /Frank Financieel.*Financieel/ })).toBeVisible();
    const gijs = list.getByRole('link', { name: /Gijs Gewoon/ });
    expect(gijs).toHaveTextContent('Gebruiker');
    expect(gijs).toHaveTextContent('Verborgen');
    const sara = list.getByRole('link', { name: /Sara Super/ });
    expect(sara).toHaveTextContent('Super beheerder');
    expect(sara).toHaveTextContent('Inactief');
    expect(sara).not.toHaveTextContent('Verborgen');
  });

  it("shows 'Geen gegevens gevonden' when nobody else is found", async () => {
    logInAs(ME);
    fakeUsersApi({ users: [me] });
    renderApp('/contacts');
    expect(await within(await findDirectory()).findByText('Geen gegevens gevonden')).toBeVisible();
  });

  it("shows 'Error: {message}' when the list cannot be loaded", async () => {
    logInAs(ME);
    fakeUsersApi({
      users: [me],
      list: () =>
        new Response(JSON.stringify({ detail: 'internal error', code: 'INTERNAL_ERROR' }), {
          status: 500,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    renderApp('/contacts');
    expect(await within(await findDirectory()).findByRole('alert')).toHaveTextContent(
      'Error: internal error',
    );
  });

  it("shows the '+' button only with the User create permission", async () => {
    logInAs(ME);
    fakeUsersApi({ users: [me, makeUser(2)], classActions: ['create'] });
    const { user, router } = renderApp('/contacts');
    const add = await screen.findByRole('button', { name: 'Gebruiker toevoegen' });
    await user.click(add);
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts/add-user'));
    expect(await screen.findByRole('dialog', { name: 'Gebruiker toevoegen' })).toBeVisible();
  });

  it("hides the '+' button without the create permission", async () => {
    logInAs(ME);
    const { requests } = fakeUsersApi({ users: [me, makeUser(2)], classActions: [] });
    renderApp('/contacts');
    await within(await findDirectory()).findByRole('link', { name: /Voornaam2/ });
    await waitFor(() =>
      expect(requests.some((r) => r.url.includes('/auth/entity-access/actions'))).toBe(true),
    );
    expect(screen.queryByRole('button', { name: 'Gebruiker toevoegen' })).not.toBeInTheDocument();
  });

  it('loads the next page near the end of the list, appends it without duplicates and stops after a short page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    logInAs(ME);
    const everyone = [me, ...Array.from({ length: 44 }, (_, i) => makeUser(i + 2))];
    const { requests } = fakeUsersApi({
      users: [me],
      list: (query) => {
        const offset = Number(query.get('offset'));
        const limit = Number(query.get('limit'));
        // The second page overlaps the first by one user (someone was added meanwhile).
        const start = offset === 20 ? 19 : offset;
        return everyone.slice(start, start === 19 ? 39 : offset + limit);
      },
    });
    renderApp('/contacts', { fakeTimers: true });
    const list = within(await findDirectory());
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(19));
    expect(listQueries(requests)).toEqual([{ offset: '0', limit: '20' }]);

    // Not near the end yet: nothing happens.
    scrollList(directory(), 1000);
    expect(listQueries(requests)).toHaveLength(1);

    // Within 50 px of the end: page 2.
    scrollList(directory(), 1460);
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(38));
    expect(listQueries(requests)[1]).toEqual({ offset: '20', limit: '20' });
    const names = list.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(new Set(names).size).toBe(names.length);

    // Page 3 holds 5 (< 20): the end.
    scrollList(directory(), 3460, 4000);
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(43));
    expect(listQueries(requests)[2]).toEqual({ offset: '40', limit: '20' });
    scrollList(directory(), 3500, 4000);
    await act(() => vi.advanceTimersByTimeAsync(50));
    expect(listQueries(requests)).toHaveLength(3);
  });

  it('searches by e-mail after a 300 ms pause, starting again at page 1', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    logInAs(ME);
    const everyone = [me, ...Array.from({ length: 30 }, (_, i) => makeUser(i + 2))];
    const { requests } = fakeUsersApi({
      users: [me],
      list: (query) => {
        const email = query.get('email')?.toLowerCase() ?? '';
        const offset = Number(query.get('offset'));
        return everyone
          .filter((u) => u.email?.toLowerCase().includes(email))
          .slice(offset, offset + 20);
      },
    });
    const { user } = renderApp('/contacts', { fakeTimers: true });
    const list = within(await findDirectory());
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(19));
    scrollList(directory(), 1460);
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(30));
    expect(listQueries(requests)).toHaveLength(2);

    const search = screen.getByRole('searchbox', { name: 'Zoek gebruikers op e-mailadres' });
    expect(search).toHaveAttribute('placeholder', 'Zoekopdracht');
    await user.type(search, 'GEBRUIKER3');
    // Typing is not searching: no request for the partial inputs, nor before the pause is over.
    expect(listQueries(requests)).toHaveLength(2);
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(listQueries(requests)).toHaveLength(2);

    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(3));
    const searches = listQueries(requests).slice(2);
    expect(searches).toEqual([{ offset: '0', limit: '20', email: 'GEBRUIKER3' }]);
    expect(list.getByRole('link', { name: /Voornaam3 / })).toBeVisible();
    expect(list.getByRole('link', { name: /Voornaam30/ })).toBeVisible();
    expect(list.getByRole('link', { name: /Voornaam31/ })).toBeVisible();

    // Back to everyone: page 1 again, not the two pages loaded before.
    await user.clear(search);
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(19));
    expect(listQueries(requests).slice(3)).toEqual([{ offset: '0', limit: '20' }]);
  });
});
