import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextArea } from './TextArea';

describe('character counter', () => {
  it("reads 'n / max' below a text area, described by it, marked once over", () => {
    const { rerender } = render(
      <TextArea label="Beschrijving" counter={{ length: 0, max: 128 }} />,
    );
    const counter = screen.getByText('0 / 128');
    expect(counter).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('textbox', { name: 'Beschrijving' })).toHaveAccessibleDescription(
      '0 / 128',
    );
    const normal = counter.className;
    rerender(<TextArea label="Beschrijving" counter={{ length: 129, max: 128 }} />);
    expect(screen.getByText('129 / 128').className).not.toBe(normal);
  });
});
