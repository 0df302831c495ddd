import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { formatDate, useFormatMoment } from './dates';
import { TakeOver, useTakingOver } from './taking-over';

const moment = '2026-03-05T23:30:00Z';

function Probe() {
  const formatMoment = useFormatMoment();
  return (
    <p>{`${useTakingOver() ? 'server' : 'window'}|${formatMoment(moment, 'DD.MM.YYYY HH:mm', 'de_DE')}`}</p>
  );
}

// A window in another zone than the server's UTC, so the two drawings differ.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Pacific/Auckland';
});
afterAll(() => {
  process.env.TZ = zone;
  if (zone === undefined) delete process.env.TZ;
});

const container = document.createElement('div');
afterEach(() => container.remove());

describe('TakeOver', () => {
  it('draws as the server did while the page is taken over, then for the window, without a mismatch', async () => {
    const html = renderToString(
      <TakeOver active>
        <Probe />
      </TakeOver>,
    );
    expect(formatDate(moment, 'DD.MM.YYYY HH:mm', 'de_DE', 'local')).toBe('06.03.2026 12:30');
    expect(html).toContain(`server|${formatDate(moment, 'DD.MM.YYYY HH:mm', 'de_DE', 'utc')}`);
    container.innerHTML = html;
    document.body.append(container);
    const errors: unknown[] = [];
    await act(async () => {
      hydrateRoot(
        container,
        <TakeOver active>
          <Probe />
        </TakeOver>,
        { onRecoverableError: (error) => errors.push(error) },
      );
    });
    expect(errors).toEqual([]);
    expect(container.textContent).toBe(`window|${formatDate(moment, 'DD.MM.YYYY HH:mm', 'de_DE', 'local')}`);
  });

  it('is not taking over anything in an app the browser draws itself', () => {
    expect(renderToString(<Probe />)).toContain('window|');
    expect(
      renderToString(
        <TakeOver active={false}>
          <Probe />
        </TakeOver>,
      ),
    ).toContain('window|');
  });
});
