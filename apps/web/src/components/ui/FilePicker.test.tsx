import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { i18next } from '../../lib/i18n';
import { FilePicker } from './FilePicker';

function Field() {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <label htmlFor="statement">Bestand</label>
      <FilePicker
        id="statement"
        chosen={file?.name}
        onChange={(event) => setFile(event.target.files?.[0] ?? null)}
      />
    </>
  );
}

describe('file picker', () => {
  it('speaks the interface language, names the chosen file and is reached with Tab', async () => {
    const user = userEvent.setup();
    render(<Field />);
    const input = screen.getByLabelText('Bestand');
    expect(input).toHaveAttribute('type', 'file');
    expect(screen.getByText('Bestand kiezen').tagName).toBe('LABEL');
    expect(screen.getByText('Bestand kiezen')).toHaveAttribute('for', 'statement');
    expect(screen.getByText('Geen bestand gekozen')).toBeInTheDocument();

    await user.tab();
    expect(input).toHaveFocus();
    await user.upload(input, new File(['x'], 'afschrift.xml', { type: 'text/xml' }));
    expect(screen.getByText('afschrift.xml')).toBeInTheDocument();
    expect(screen.queryByText('Geen bestand gekozen')).toBeNull();

    await i18next.changeLanguage('en');
    expect(await screen.findByText('Choose file')).toBeInTheDocument();
    await i18next.changeLanguage('fy');
    expect(await screen.findByText('Bestân kieze')).toBeInTheDocument();
  });

  it('shows no name when the caller lists the files itself', () => {
    render(<FilePicker id="files" multiple chooseLabel="Bestanden kiezen" chosen={null} />);
    expect(screen.getByText('Bestanden kiezen')).toBeInTheDocument();
    expect(screen.queryByText('Geen bestand gekozen')).toBeNull();
  });
});
