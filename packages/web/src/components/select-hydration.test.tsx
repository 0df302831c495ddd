import { Profiler, type ProfilerOnRenderCallback, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { NewsFilterBar } from '../features/news/news-filters';
import { SelectInput } from '../features/page-admin/fields';
import { MultiSelectFilter } from './multi-select-filter';
import { SingleSelect } from './single-select';

/**
 * How many renders React ran in the task of the commit that hydrated a server-drawn page, the page's own
 * included. A part that sets state as it commits (MUI's select keeps its display node in state) makes React
 * re-render synchronously inside that commit, and run every effect of the page's commit with it: one long
 * task on a phone. Hydrated apart, such a part commits in a later task of its own.
 */
async function rendersInPageCommitTask(tree: () => ReactNode): Promise<number> {
  let renders = 0;
  let inPageTask: number | undefined;
  const onRender: ProfilerOnRenderCallback = (_id, phase) => {
    renders += 1;
    if (phase === 'mount') queueMicrotask(() => (inPageTask ??= renders));
  };
  const page = (record: boolean) => (
    <Profiler id="page" onRender={record ? onRender : () => undefined}>
      <main>{tree()}</main>
    </Profiler>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(page(false));
  document.body.append(container);
  const errors: unknown[] = [];
  // React's own scheduler, as in the browser (not act's queue, which runs every task at once).
  const actEnvironment = Reflect.get(globalThis, 'IS_REACT_ACT_ENVIRONMENT');
  Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', false);
  try {
    const root = hydrateRoot(container, page(true), { onRecoverableError: (error) => errors.push(error) });
    await vi.waitFor(() => expect(inPageTask).toBeDefined());
    // Parts hydrated apart finish in later tasks before the page goes.
    await new Promise((resolve) => setTimeout(resolve, 50));
    root.unmount();
  } finally {
    Reflect.set(globalThis, 'IS_REACT_ACT_ENVIRONMENT', actEnvironment);
    container.remove();
  }
  expect(errors).toEqual([]);
  return inPageTask ?? 0;
}

const choices = [
  { value: 'a', label: 'Alpha' },
  { value: 'b', label: 'Beta' },
];

describe("a page's selects, drawn by the server", () => {
  it.each([
    [
      'a single-select',
      () => <SingleSelect label="Place" options={choices} value="a" onChange={() => undefined} />,
    ],
    [
      'a searchable single-select',
      () => <SingleSelect searchable label="Place" options={choices} value="a" onChange={() => undefined} />,
    ],
    [
      'a multi-select filter',
      () => <MultiSelectFilter label="Skills" options={choices} value={['a']} onChange={() => undefined} />,
    ],
    [
      'a select of the page editor',
      () => <SelectInput label="Kind" value="a" options={choices} onChange={() => undefined} />,
    ],
    [
      "the news stream's filters",
      () => (
        <NewsFilterBar
          filters={[
            {
              id: 1,
              identifier: 'category',
              label: 'Category',
              properties: [{ id: 4, value: 'Company', type: 'option' }],
            },
          ]}
          value={{ category: '4' }}
          onChange={() => undefined}
        />
      ),
    ],
  ])("leave the task of the page's hydrating commit without another render: %s", async (_name, tree) => {
    expect(await rendersInPageCommitTask(tree)).toBe(1);
  });
});
