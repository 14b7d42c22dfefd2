import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ActionMenu } from './ActionMenu';
import { Modal } from './Modal';

function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <ActionMenu
        label="Acties voor Fonds"
        items={[{ key: 'edit', label: 'Bewerken', onSelect: () => setOpen(true) }]}
      />
      {open && (
        <Modal open onClose={() => setOpen(false)} title="Sponsor bewerken">
          <input aria-label="Naam" />
        </Modal>
      )}
    </>
  );
}

describe('ActionMenu', () => {
  it('gives the focus back to its button when a modal its item opened closes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const trigger = screen.getByRole('button', { name: 'Acties voor Fonds' });
    trigger.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('menuitem', { name: 'Bewerken' });
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Sponsor bewerken' })).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Naam' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });
});
