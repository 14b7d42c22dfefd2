import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LazyModalButton } from './LazyModalButton';

/** A stand-in for a modal chunk: shows its prop while open, says so while closed. */
function Dialog({ name, open, onClose }: { name: string; open: boolean; onClose: () => void }) {
  return open ? (
    <div role="dialog" aria-label={name}>
      <button type="button" onClick={onClose}>
        Sluiten
      </button>
    </div>
  ) : (
    <p>dicht</p>
  );
}

describe('LazyModalButton', () => {
  it('loads the modal on the first click only, hands it its props, and keeps it mounted once closed', async () => {
    const user = userEvent.setup();
    const load = vi.fn(() => Promise.resolve({ default: Dialog }));
    const Modal = lazy(load);
    render(
      <LazyModalButton modal={Modal} modalProps={{ name: 'Overzicht' }}>
        Overzicht downloaden
      </LazyModalButton>,
    );
    expect(load).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Overzicht downloaden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Overzicht' });
    await user.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(dialog).not.toBeInTheDocument();
    expect(screen.getByText('dicht')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Overzicht downloaden' }));
    expect(await screen.findByRole('dialog', { name: 'Overzicht' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
