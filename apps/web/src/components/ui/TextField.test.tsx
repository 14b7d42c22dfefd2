import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AmountField, TextField } from './TextField';

describe('TextField', () => {
  it('types an e-mail address or a URL as it is, and a name as text', () => {
    render(
      <>
        <TextField label="E-mail" type="email" />
        <TextField label="Website" type="url" />
        <TextField label="Naam" />
        <TextField label="Code" type="url" inputMode="text" />
      </>,
    );
    for (const [name, mode] of [
      ['E-mail', 'email'],
      ['Website', 'url'],
    ]) {
      const input = screen.getByRole('textbox', { name });
      expect(input).toHaveAttribute('inputmode', mode);
      expect(input).toHaveAttribute('autocapitalize', 'none');
      expect(input).toHaveAttribute('spellcheck', 'false');
    }
    const text = screen.getByRole('textbox', { name: 'Naam' });
    expect(text).not.toHaveAttribute('inputmode');
    expect(text).not.toHaveAttribute('autocapitalize');
    expect(text).not.toHaveAttribute('spellcheck');
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveAttribute('inputmode', 'text');
  });

  it('takes an amount on a decimal keyboard, never filled in from an earlier form', () => {
    render(<AmountField label="Bedrag" />);
    const input = screen.getByRole('textbox', { name: 'Bedrag' });
    expect(input).toHaveAttribute('inputmode', 'decimal');
    expect(input).toHaveAttribute('autocomplete', 'off');
  });

  it('links its hint and error to the input', () => {
    render(<TextField label="Naam" hint="Zoals bekend bij de KvK" error="Vul een naam in" />);
    const input = screen.getByRole('textbox', { name: 'Naam' });
    expect(input).toHaveAccessibleDescription('Zoals bekend bij de KvK Vul een naam in');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('Vul een naam in');
  });
});
