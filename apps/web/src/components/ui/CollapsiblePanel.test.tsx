import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CollapsiblePanel } from './CollapsiblePanel';

/** A lazy body whose chunk "loads" when the loader is called; the calls are counted. */
function lazyBody() {
  const load = vi.fn(() => Promise.resolve({ default: () => <p>De inhoud</p> }));
  return { Body: lazy(load), load };
}

describe('CollapsiblePanel', () => {
  it('opens and closes from the keyboard, saying so with aria-expanded, and loads its body once', async () => {
    const user = userEvent.setup();
    const { Body, load } = lazyBody();
    render(
      <CollapsiblePanel heading="Grafieken" fallback={<p>Laden</p>}>
        <Body />
      </CollapsiblePanel>,
    );
    const toggle = screen.getByRole('button', { name: 'Grafieken' });
    expect(screen.getByRole('heading', { level: 2, name: 'Grafieken' })).toContainElement(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const body = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(body).not.toBeVisible();
    expect(load).not.toHaveBeenCalled();

    await user.tab();
    expect(toggle).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('De inhoud')).toBeVisible();
    expect(body).toBeVisible();

    await user.keyboard(' ');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('De inhoud')).not.toBeInTheDocument();
    expect(body).not.toBeVisible();

    await user.keyboard('{Enter}');
    expect(await screen.findByText('De inhoud')).toBeVisible();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('gives the body the caller’s class and keeps it hidden while closed, at the level asked', () => {
    render(
      <CollapsiblePanel heading="Geschiedenis" level={3} bodyClassName="grid">
        <p>De inhoud</p>
      </CollapsiblePanel>,
    );
    const toggle = screen.getByRole('button', { name: 'Geschiedenis' });
    expect(screen.getByRole('heading', { level: 3 })).toContainElement(toggle);
    const body = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(body).toHaveClass('grid');
    expect(body).toHaveAttribute('hidden');
    expect(screen.queryByText('De inhoud')).not.toBeInTheDocument();
  });
});
