import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client';
import { sendWithResend } from './resend';

const failure = (status: number) => new ApiRequestError(status, [{ code: 'internal', message: 'x' }]);

describe('sendWithResend', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends again after no answer or a restarting instance, until the server answers', async () => {
    const send = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(failure(0))
      .mockRejectedValueOnce(failure(503))
      .mockResolvedValueOnce('stored');
    const sent = sendWithResend(send);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(sent).resolves.toBe('stored');
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('gives up after the last wait, and never sends a refused message again', async () => {
    const unreachable = vi.fn<() => Promise<string>>().mockRejectedValue(failure(502));
    const sent = sendWithResend(unreachable);
    const outcome = expect(sent).rejects.toMatchObject({ status: 502 });
    await vi.advanceTimersByTimeAsync(10_000);
    await outcome;
    expect(unreachable).toHaveBeenCalledTimes(4);

    const refused = vi.fn<() => Promise<string>>().mockRejectedValue(failure(403));
    await expect(sendWithResend(refused)).rejects.toMatchObject({ status: 403 });
    expect(refused).toHaveBeenCalledTimes(1);
  });
});
