import type { FilterValues } from '@plaza/contract/filters';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderInApp } from '../test/render-in-app';
import { type FilterDefinition, FilterPanel } from './filter-panel';

const filters: FilterDefinition[] = [
  {
    identifier: 'locations',
    label: 'Location',
    options: [
      { value: 'Berlin', label: 'Berlin' },
      { value: 'Hamburg', label: 'Hamburg' },
    ],
  },
  { identifier: 'skills', label: 'Skills', options: [{ value: 'SQL', label: 'SQL' }] },
];

/** The panel over state, as a page keeps the applied filters in its address. */
function Harness({ onApply }: { onApply: (values: FilterValues) => void }) {
  const [applied, setApplied] = useState<FilterValues>({});
  return (
    <FilterPanel
      filters={filters}
      applied={applied}
      onApply={(values) => {
        onApply(values);
        setApplied(values);
      }}
    />
  );
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
  await userEvent.keyboard('{Escape}');
}

describe('FilterPanel', () => {
  it('opens and closes with its toggle', async () => {
    renderInApp(<Harness onApply={vi.fn()} />);
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: 'Filters' })).toBeTruthy();
  });

  it('keeps choices inactive until applied, then counts them on the toggle', async () => {
    const onApply = vi.fn();
    renderInApp(<Harness onApply={onApply} />);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await choose('Location', 'Hamburg');
    await choose('Skills', 'SQL');
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Filters', expanded: true })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledExactlyOnceWith({ locations: ['Hamburg'], skills: ['SQL'] });
    expect(screen.getByRole('button', { name: 'Filters (2 active)' })).toBeTruthy();
  });

  it('reset clears the choices and applies no filter', async () => {
    const onApply = vi.fn();
    renderInApp(<Harness onApply={onApply} />);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await choose('Location', 'Berlin');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await userEvent.click(screen.getByRole('button', { name: 'Reset' }));
    expect(onApply).toHaveBeenLastCalledWith({});
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Location' }).textContent).not.toContain('Berlin');
  });

  it('leaves out a filter whose choices were all taken back', async () => {
    const onApply = vi.fn();
    renderInApp(<Harness onApply={onApply} />);
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await choose('Location', 'Berlin');
    await choose('Location', 'Berlin');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(onApply).toHaveBeenCalledExactlyOnceWith({});
  });
});
