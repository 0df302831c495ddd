import { timings } from '@plaza/contract/constants';
import { act, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type ChunkLoadError,
  cssChunkLoadFailed,
  isChunkLoadError,
  lazyChunk,
  loadChunk,
} from './chunk-error';
import { RouteError } from './route-error';

/** A load that never settles, as a chunk whose request hangs. */
const hanging = () => new Promise<never>(() => {});

/** The rejection of a promise (fails the test when it resolves). */
async function rejectionOf(promise: Promise<unknown>): Promise<ChunkLoadError> {
  try {
    await promise;
  } catch (error) {
    return error as ChunkLoadError;
  }
  throw new Error('expected a rejection');
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('loadChunk: the time-out', () => {
  it('is the contract’s 120 s', () => {
    expect(timings.chunkLoadTimeoutMs).toBe(120_000);
  });

  it('rejects a load still pending after 120 s with a ChunkLoadError of type timeout', async () => {
    let settled = false;
    const loading = loadChunk(hanging);
    const failed = rejectionOf(loading).finally(() => {
      settled = true;
    });
    await vi.advanceTimersByTimeAsync(timings.chunkLoadTimeoutMs - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await failed;
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('ChunkLoadError');
    expect(error.type).toBe('timeout');
    expect(error.message).toMatch(/timeout/);
    expect(error.code).toBeUndefined();
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('resolves a load that arrives in time and leaves no timer behind', async () => {
    const part = () => 'page';
    const loading = loadChunk(
      () =>
        new Promise<typeof part>((resolve) =>
          setTimeout(() => resolve(part), timings.chunkLoadTimeoutMs - 10),
        ),
    );
    await vi.advanceTimersByTimeAsync(timings.chunkLoadTimeoutMs - 10);
    await expect(loading).resolves.toBe(part);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores a chunk that arrives after the time-out', async () => {
    let arrive: (value: string) => void = () => {};
    const loading = loadChunk(() => new Promise<string>((resolve) => (arrive = resolve)));
    const failed = rejectionOf(loading);
    await vi.advanceTimersByTimeAsync(timings.chunkLoadTimeoutMs);
    arrive('late');
    expect((await failed).type).toBe('timeout');
  });
});

describe('loadChunk: failures', () => {
  it.each([
    [
      'Chrome',
      new TypeError('Failed to fetch dynamically imported module: https://plaza.test/assets/page-1.js'),
    ],
    ['Safari', new TypeError('Importing a module script failed.')],
    [
      'Firefox',
      new TypeError('error loading dynamically imported module: https://plaza.test/assets/page-1.js'),
    ],
  ])('turns %s’s failed fetch into a ChunkLoadError of type error, keeping the cause', async (_, cause) => {
    const error = await rejectionOf(loadChunk(() => Promise.reject(cause)));
    expect(error.name).toBe('ChunkLoadError');
    expect(error.type).toBe('error');
    expect(error.code).toBeUndefined();
    expect(error.cause).toBe(cause);
    expect(error.message).toContain(cause.message);
    expect(isChunkLoadError(error)).toBe(true);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('names a chunk that loaded without the part asked for a ChunkLoadError of type missing', async () => {
    const error = await rejectionOf(loadChunk(() => Promise.resolve(undefined)));
    expect(error.name).toBe('ChunkLoadError');
    expect(error.type).toBe('missing');
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('marks a failed style sheet CSS_CHUNK_LOAD_FAILED', async () => {
    const cause = new Error('Unable to preload CSS for /assets/page-1.css');
    const error = await rejectionOf(loadChunk(() => Promise.reject(cause)));
    expect(error.name).toBe('ChunkLoadError');
    expect(error.code).toBe(cssChunkLoadFailed);
    expect(error.code).toBe('CSS_CHUNK_LOAD_FAILED');
    expect(error.type).toBe('error');
    expect(error.message).toMatch(/^CSS_CHUNK_LOAD_FAILED /);
    expect(isChunkLoadError(error)).toBe(true);
  });

  it('passes an error of the module’s own code unchanged (no reload prompt for a bug)', async () => {
    const bug = new ReferenceError('x is not defined');
    const error = await rejectionOf(loadChunk(() => Promise.reject(bug)));
    expect(error).toBe(bug);
    expect(isChunkLoadError(error)).toBe(false);
  });

  it('passes a ChunkLoadError of a nested load unchanged', async () => {
    const inner = await rejectionOf(loadChunk(() => Promise.resolve(null)));
    expect(await rejectionOf(loadChunk(() => Promise.reject(inner)))).toBe(inner);
  });

  it('rejects when the load throws at once', async () => {
    const error = await rejectionOf(
      loadChunk(() => {
        throw new TypeError('Failed to fetch dynamically imported module: /assets/x.js');
      }),
    );
    expect(error.type).toBe('error');
  });
});

describe('chunk failures reach the route error page', () => {
  // React and React Router log the errors their boundaries catch; expected here.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  const renderRoute = (lazy: () => Promise<{ Component: React.ComponentType }>) => {
    const router = createMemoryRouter(
      [{ path: '/:lang', errorElement: <RouteError />, children: [{ index: true, lazy }] }],
      { initialEntries: ['/en_GB'] },
    );
    render(<RouterProvider router={router} />);
  };

  it('shows the chunk message when a route’s page times out', async () => {
    renderRoute(async () => ({ Component: await loadChunk<React.ComponentType>(hanging) }));
    await act(() => vi.advanceTimersByTimeAsync(timings.chunkLoadTimeoutMs));
    expect(screen.getByRole('heading', { name: 'A new version is available' })).toBeTruthy();
  });

  it('shows the chunk message when a component loaded by lazyChunk fails to load', async () => {
    const Broken = lazyChunk(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/part.js')),
    );
    renderRoute(async () => ({
      Component: () => (
        <Suspense fallback={null}>
          <Broken />
        </Suspense>
      ),
    }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('heading', { name: 'A new version is available' })).toBeTruthy();
  });
});
