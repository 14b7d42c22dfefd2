import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  USER_SEARCH_DEBOUNCE_MS,
  UserPicker,
  type PickedUser,
  type UserPickerProps,
} from './UserPicker';

const people: PickedUser[] = [
  { id: 1, email: 'anna@example.nl', name: 'Anna' },
  { id: 2, email: 'bram@example.nl' },
  { id: 3, email: 'anouk@example.nl' },
];

function Harness({
  search,
  initial = [],
  ...options
}: {
  search: (email: string, signal: AbortSignal) => Promise<PickedUser[]>;
  initial?: PickedUser[];
} & Pick<UserPickerProps<PickedUser>, 'debounceMs' | 'busy' | 'rows' | 'headingLevel'>) {
  const [value, setValue] = useState(initial);
  return (
    <UserPicker
      label="Zoek op e-mail"
      selectedLabel="Gekozen"
      emptyText="Niemand"
      search={search}
      value={value}
      onChange={setValue}
      {...options}
    />
  );
}

const rows = {
  add: 'Toevoegen',
  remove: 'Verwijderen',
  picture: (person: PickedUser) => <img src={`/pictures/${person.id}.webp`} alt="" />,
};

const searchPeople = () =>
  vi.fn((email: string) =>
    Promise.resolve(people.filter((person) => person.email?.includes(email))),
  );

describe('UserPicker', () => {
  it('searches 300 ms after the last keystroke, once per term', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const search = searchPeople();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Harness search={search} />);
    await user.type(screen.getByLabelText('Zoek op e-mail'), 'an');
    expect(search).not.toHaveBeenCalled();
    // (The clock also moves in real time here, so leave some slack below 300 ms.)
    await act(() => vi.advanceTimersByTimeAsync(USER_SEARCH_DEBOUNCE_MS - 150));
    expect(search).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(search).toHaveBeenCalledTimes(1);
    expect(search.mock.calls[0]?.[0]).toBe('an');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent('2 gebruiker(s) gevonden');
  });

  it('does not search for blank input (from 1 character after trimming)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const search = searchPeople();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Harness search={search} />);
    const input = screen.getByLabelText('Zoek op e-mail');
    expect(input).toHaveAttribute('spellcheck', 'false');
    await user.type(input, '   ');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(search).not.toHaveBeenCalled();
    await user.type(input, 'b ');
    await act(() => vi.advanceTimersByTimeAsync(USER_SEARCH_DEBOUNCE_MS));
    expect(search).toHaveBeenCalledWith('b', expect.any(AbortSignal));
  });

  it('adds and removes users; chosen users are not offered again', async () => {
    const user = userEvent.setup();
    render(<Harness search={searchPeople()} initial={[people[1]!]} />);
    const chosen = screen.getByRole('region', { name: 'Gekozen' });
    await user.type(screen.getByLabelText('Zoek op e-mail'), 'example');
    const results = await screen.findByRole('list', { name: 'Zoekresultaten' });
    expect(within(results).getAllByRole('button')).toHaveLength(2);
    await user.click(within(results).getByRole('button', { name: /anna@example\.nl/ }));
    expect(within(chosen).getByText('anna@example.nl')).toBeInTheDocument();
    expect(screen.getByLabelText('Zoek op e-mail')).toHaveFocus();
    await waitFor(() => expect(within(results).getAllByRole('button')).toHaveLength(1));

    await user.click(within(chosen).getByRole('button', { name: 'bram@example.nl verwijderen' }));
    expect(within(chosen).queryByText('bram@example.nl')).not.toBeInTheDocument();
  });

  it('moves through the matches with the arrow keys', async () => {
    const user = userEvent.setup();
    render(<Harness search={searchPeople()} />);
    const input = screen.getByLabelText('Zoek op e-mail');
    await user.type(input, 'an');
    const results = await screen.findByRole('list', { name: 'Zoekresultaten' });
    const [first, second] = within(results).getAllByRole('button');
    await user.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(input).toHaveFocus();
  });

  it('says when nothing matches or the search fails', async () => {
    const user = userEvent.setup();
    const search = vi.fn((email: string) =>
      email === 'x' ? Promise.resolve([]) : Promise.reject(new Error('offline')),
    );
    render(<Harness search={search} />);
    const input = screen.getByLabelText('Zoek op e-mail');
    await user.type(input, 'x');
    expect(await screen.findByText('Geen gebruikers gevonden')).toBeInTheDocument();
    await user.type(input, 'y');
    expect(await screen.findByText('Zoeken is mislukt. Probeer het opnieuw.')).toBeInTheDocument();
  });

  it('waits the given time after the last keystroke', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    const search = searchPeople();
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    render(<Harness search={search} debounceMs={500} />);
    await user.type(screen.getByLabelText('Zoek op e-mail'), 'an');
    // (The clock also moves in real time here, so leave some slack below 500 ms.)
    await act(() => vi.advanceTimersByTimeAsync(350));
    expect(search).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(150));
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('as rows: the chosen users first, each with its picture and written buttons', async () => {
    const user = userEvent.setup();
    render(<Harness search={searchPeople()} initial={[people[1]!]} rows={rows} headingLevel={4} />);
    const chosen = screen.getByRole('region', { name: 'Gekozen' });
    expect(within(chosen).getByRole('heading', { level: 4, name: 'Gekozen' })).toBeInTheDocument();
    const input = screen.getByLabelText('Zoek op e-mail');
    // The chosen users come before the search field.
    expect(chosen.compareDocumentPosition(input) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const [bram] = within(chosen).getAllByRole('listitem');
    expect(bram?.querySelector('img')).toHaveAttribute('src', '/pictures/2.webp');
    const remove = within(chosen).getByRole('button', { name: 'Verwijderen' });
    expect(remove).toHaveAccessibleDescription('bram@example.nl');

    await user.type(input, 'an');
    const results = await screen.findByRole('list', { name: 'Zoekresultaten' });
    expect(results.querySelectorAll('img')).toHaveLength(2);
    await user.click(within(results).getByRole('button', { name: 'Toevoegen anna@example.nl' }));
    expect(within(chosen).getByText('anna@example.nl')).toBeInTheDocument();
    expect(input).toHaveFocus();

    await user.click(remove);
    expect(within(chosen).queryByText('bram@example.nl')).not.toBeInTheDocument();
    expect(input).toHaveFocus();
  });

  it('adds and removes nobody while busy', async () => {
    const user = userEvent.setup();
    render(<Harness search={searchPeople()} initial={[people[1]!]} rows={rows} busy />);
    expect(screen.getByRole('button', { name: 'Verwijderen' })).toBeDisabled();
    await user.type(screen.getByLabelText('Zoek op e-mail'), 'an');
    const results = await screen.findByRole('list', { name: 'Zoekresultaten' });
    for (const button of within(results).getAllByRole('button')) expect(button).toBeDisabled();
  });
});
