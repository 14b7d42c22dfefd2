import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal';

function Harness({ busy = false }: { busy?: boolean }) {
  const [open, setOpen] = useState(true);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        open
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Titel" busy={busy}>
        <input aria-label="veld" />
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is labelled by its title and closes with Esc and the close button', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Titel' });
    expect(dialog).toHaveAttribute('aria-labelledby');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'open' }));
    await user.click(await screen.findByRole('button', { name: 'Sluiten' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('ignores closing while busy', async () => {
    const user = userEvent.setup();
    render(<Harness busy />);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Titel' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sluiten' })).toBeDisabled();
    expect(screen.getByRole('dialog')).toHaveAttribute('aria-busy', 'true');
  });

  it('keeps focus inside the dialog', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const dialog = screen.getByRole('dialog');
    for (let i = 0; i < 4; i += 1) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
  });
});

describe('Modal focus', () => {
  it('starts in the first form field', () => {
    render(<Harness />);
    expect(screen.getByRole('textbox', { name: 'veld' })).toHaveFocus();
  });

  it('starts on the marked element, even after a field', () => {
    render(
      <Modal open onClose={() => {}} title="Titel">
        <input aria-label="veld" />
        <button type="button" data-autofocus>
          Annuleren
        </button>
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'Annuleren' })).toHaveFocus();
  });

  it('starts on the first control of its body without fields, never on the close button', () => {
    render(
      <Modal open onClose={() => {}} title="Titel">
        <p>Gegevens</p>
        <button type="button">Sluiten en terug</button>
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'Sluiten en terug' })).toHaveFocus();
  });

  /** A body that shows a field once it has loaded (a tick after opening). */
  function Loading() {
    const [loaded, setLoaded] = useState(false);
    useEffect(() => {
      const timer = setTimeout(() => setLoaded(true), 0);
      return () => clearTimeout(timer);
    }, []);
    return loaded ? <input aria-label="naam" /> : <p>Laden...</p>;
  }

  it('rests on the dialog while its body loads, then moves to the first field', async () => {
    render(
      <Modal open onClose={() => {}} title="Titel">
        <Loading />
      </Modal>,
    );
    expect(screen.getByRole('dialog')).toHaveFocus();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'naam' })).toHaveFocus());
  });

  it('leaves the focus where the user moved it while the body loaded', async () => {
    render(
      <Modal open onClose={() => {}} title="Titel">
        <Loading />
      </Modal>,
    );
    const close = screen.getByRole('button', { name: 'Sluiten' });
    close.focus();
    await screen.findByRole('textbox', { name: 'naam' });
    expect(close).toHaveFocus();
  });
});

describe('Modal and the page behind it', () => {
  it('hides the page while open and gives the focus back when closed', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const opener = screen.getByRole('button', { name: 'open', hidden: true });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener.closest('[aria-hidden]')).toBeNull();

    await user.click(opener);
    await screen.findByRole('dialog');
    const page = opener.closest('[inert]');
    expect(page).not.toBeNull();
    expect(page).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('button', { name: 'open' })).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(opener.closest('[inert], [aria-hidden]')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(opener).toHaveFocus();
  });

  it('closes from the backdrop, but not while busy', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness busy />);
    const backdrop = screen.getByRole('dialog').previousElementSibling as HTMLElement;
    await user.click(backdrop);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    rerender(<Harness />);
    await user.click(backdrop);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('leaves an Esc that a layer inside it has handled to that layer', async () => {
    /** Like a date picker's popover: it takes Esc before the dialog sees it. */
    function Layer() {
      useEffect(() => {
        const onKey = (event: KeyboardEvent) => {
          if (event.key === 'Escape') event.preventDefault();
        };
        document.addEventListener('keydown', onKey, { capture: true });
        return () => document.removeEventListener('keydown', onKey, { capture: true });
      }, []);
      return <input aria-label="datum" />;
    }
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(
      <Modal open onClose={onClose} title="Titel">
        <Layer />
      </Modal>,
    );
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});
