import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render';
import { AppLayout } from './AppLayout';

const routes = [
  {
    path: '/',
    element: (
      <AppLayout
        menu={
          <nav aria-label="Hoofdmenu">
            <a href="/funds">Initiatieven</a>
            <a href="/contacts">Gebruikers</a>
          </nav>
        }
      >
        <button type="button">Op de pagina</button>
      </AppLayout>
    ),
  },
];

describe('the mobile menu', () => {
  it('takes the focus in when it opens, and gives it back to its toggle on Esc', async () => {
    const { user } = renderApp('/', { routes });
    await user.click(screen.getByRole('button', { name: 'Menu openen' }));
    const toggle = screen.getByRole('button', { name: 'Menu sluiten' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Initiatieven' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAccessibleName('Menu openen');
    expect(toggle).toHaveFocus();
  });

  it('closes on Esc pressed on its own toggle', async () => {
    const { user } = renderApp('/', { routes });
    const toggle = screen.getByRole('button', { name: 'Menu openen' });
    await user.click(toggle);
    toggle.focus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a tap beside it', async () => {
    const { user } = renderApp('/', { routes });
    await user.click(screen.getByRole('button', { name: 'Menu openen' }));
    await user.click(screen.getByTestId('menu-scrim'));
    expect(screen.getByRole('button', { name: 'Menu openen' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.queryByTestId('menu-scrim')).not.toBeInTheDocument();
  });
});
