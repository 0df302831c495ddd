import { act, type ReactNode, useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydrateApart } from './hydrate-apart';

function Part({ name, log, children }: { name: string; log: string[]; children?: ReactNode }) {
  useLayoutEffect(() => {
    log.push(name);
  }, [log, name]);
  return <div>{children ?? name}</div>;
}

/** The order in which the parts' commits ran while a server-drawn tree was hydrated. */
async function hydrationOrder(tree: (log: string[]) => ReactNode): Promise<string[]> {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree([]));
  document.body.append(container);
  const log: string[] = [];
  const errors: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, tree(log), { onRecoverableError: (error) => errors.push(error) });
  });
  container.remove();
  expect(errors).toEqual([]);
  return log;
}

describe('HydrateApart', () => {
  it('hydrates its children in a commit after the page', async () => {
    // Within one commit a child's layout effect runs before its parent's.
    expect(
      await hydrationOrder((log) => (
        <Part name="page" log={log}>
          <Part name="select" log={log} />
        </Part>
      )),
    ).toEqual(['select', 'page']);
    expect(
      await hydrationOrder((log) => (
        <Part name="page" log={log}>
          <HydrateApart>
            <Part name="select" log={log} />
          </HydrateApart>
        </Part>
      )),
    ).toEqual(['page', 'select']);
  });
});
