import TextField from '@mui/material/TextField';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { growingSlots } from './growing-textarea';

function Description({ minRows, maxRows }: { minRows?: number; maxRows?: number }) {
  const [value, setValue] = useState('Erste Zeile');
  return (
    <TextField
      label="Beschreibung"
      value={value}
      onChange={(event) => setValue(event.target.value)}
      multiline
      slotProps={growingSlots({ minRows, maxRows })}
    />
  );
}

describe('a text field that grows with its text', () => {
  it('is a labelled text area the browser sizes to its text, from the least to the most lines', () => {
    render(<Description minRows={3} maxRows={8} />);
    const area = screen.getByRole('textbox', { name: 'Beschreibung' });
    expect(area.tagName).toBe('TEXTAREA');
    expect(area.getAttribute('rows')).toBe('3');
    expect(area.style.getPropertyValue('field-sizing')).toBe('content');
    expect(area.style.minHeight).toBe('3lh');
    expect(area.style.maxHeight).toBe('8lh');
    // No hidden twin for measuring, as MUI's autosizing area has.
    expect(document.querySelectorAll('textarea')).toHaveLength(1);
  });

  it('keeps what is typed, line breaks included', () => {
    render(<Description />);
    const area = screen.getByRole('textbox', { name: 'Beschreibung' });
    fireEvent.change(area, { target: { value: 'Erste Zeile\nZweite Zeile' } });
    expect((area as HTMLTextAreaElement).value).toBe('Erste Zeile\nZweite Zeile');
    expect(area.getAttribute('rows')).toBe('1');
    expect(area.style.maxHeight).toBe('');
  });
});
