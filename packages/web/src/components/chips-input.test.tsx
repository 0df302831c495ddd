import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../test/render-in-app';
import { addEntries, ChipsInput } from './chips-input';

// Rendering MUI in jsdom is slow on a busy machine; this bounds a hang, it measures nothing.
vi.setConfig({ testTimeout: 20_000 });

describe('addEntries', () => {
  it('adds trimmed texts, skips blanks and case-insensitive duplicates, and cuts long ones', () => {
    expect(addEntries(['Python'], ['  SQL ', '', 'python', 'Rust'])).toEqual(['Python', 'SQL', 'Rust']);
    expect(addEntries([], ['abcdef'], 3)).toEqual(['abc']);
  });
});

function Harness({ onChange }: { onChange: (value: string[]) => void }) {
  const [value, setValue] = useState(['Python']);
  return (
    <ChipsInput
      label="Skills"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      removeLabel={(entry) => `Remove ${entry}`}
    />
  );
}

describe('ChipsInput', () => {
  it('adds on Enter, on a comma and when leaving the field; Backspace removes the last', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderInApp(<Harness onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Skills' });
    await user.type(input, 'SQL{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['Python', 'SQL']);
    await user.type(input, 'Rust, Go');
    expect(onChange).toHaveBeenLastCalledWith(['Python', 'SQL', 'Rust']);
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith(['Python', 'SQL', 'Rust', 'Go']);
    expect(screen.getByRole('button', { name: 'Go' })).toBeTruthy();
    await user.click(input);
    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith(['Python', 'SQL', 'Rust']);
  });

  it('names the remove action of each chip', async () => {
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderInApp(<Harness onChange={onChange} />);
    await user.click(screen.getByTitle('Remove Python').closest('svg')!);
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});
