import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
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
});
