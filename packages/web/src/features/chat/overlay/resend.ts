import { chatResendDelaysMs } from '@plaza/contract/constants';
import { ApiRequestError } from '../../../lib/api-client';

/** Failures a second send of the same message may not meet: no answer, or an instance restarting or busy. */
const passing = new Set([0, 502, 503, 504]);

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Sends a chat message, and again after each of `chatResendDelaysMs` (jittered) while the failure is a
 * passing one; `send` must carry the same client id every time, so the server stores the message once
 * however many of the sends reached it. Other failures (a refusal, a bad message) are thrown at once.
 */
export async function sendWithResend<T>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      const delay = chatResendDelaysMs[attempt];
      if (delay === undefined || !(error instanceof ApiRequestError) || !passing.has(error.status))
        throw error;
      await pause(delay / 2 + Math.random() * (delay / 2));
    }
  }
}
