import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../test/render-in-app';
import { nextSelection, SingleSelect } from './single-select';

// Rendering MUI in jsdom is slow on a busy machine; this bounds a hang, it measures nothing.
vi.setConfig({ testTimeout: 20_000 });

const cities = [
  { value: '1', label: 'Berlin' },
  { value: '2', label: 'Hamburg' },
  { value: '3', label: 'München' },
];

function Harness({
  searchable,
  onChange,
}: {
  searchable: boolean;
  onChange: (value: string | null) => void;
}) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <SingleSelect
      label="Location"
      options={cities}
      value={value}
      searchable={searchable}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

describe('nextSelection', () => {
  it('chooses a new value and clears the one chosen again', () => {
    expect(nextSelection(null, '2')).toBe('2');
    expect(nextSelection('1', '2')).toBe('2');
    expect(nextSelection('2', '2')).toBeNull();
  });
});

describe('SingleSelect without search', () => {
  it('chooses by click and deselects when the selected item is clicked again', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderInApp(<Harness searchable={false} onChange={onChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Location' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Hamburg' }));
    expect(onChange).toHaveBeenLastCalledWith('2');
    expect(screen.getByRole('combobox', { name: 'Location' }).textContent).toContain('Hamburg');

    await user.click(screen.getByRole('combobox', { name: 'Location' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Hamburg' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('combobox', { name: 'Location' }).textContent).not.toContain('Hamburg');
  });

  it('works by keyboard: arrows open, Enter chooses, Enter on the chosen one clears it', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderInApp(<Harness searchable={false} onChange={onChange} />);
    screen.getByRole('combobox', { name: 'Location' }).focus();
    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2');

    await user.keyboard('{ArrowDown}');
    await screen.findByRole('listbox');
    expect(document.activeElement).toBe(screen.getByRole('option', { name: 'Hamburg' }));
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});

describe('SingleSelect with search', () => {
  it('narrows the choices by the typed text and chooses with Enter', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderInApp(<Harness searchable onChange={onChange} />);
    await user.type(screen.getByRole('combobox', { name: 'Location' }), 'mün');
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['München']);
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('3');
    expect((screen.getByRole('combobox', { name: 'Location' }) as HTMLInputElement).value).toBe('München');
  });

  it('deselects when the selected item is clicked or entered again', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderInApp(<Harness searchable onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Location' });
    await user.click(input);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Berlin' }));
    expect(onChange).toHaveBeenLastCalledWith('1');

    await user.click(screen.getByRole('button', { name: 'Open choices' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Berlin' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect((input as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('listbox')).toBeNull();

    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('1');
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: 'Berlin' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(null);
  });
});
