import { setTimeout as sleep } from 'node:timers/promises';

export class TimedOut extends Error {
  constructor(
    what: string,
    timeoutMs: number,
    readonly last: unknown,
  ) {
    super(`Timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    this.name = 'TimedOut';
  }
}

/** Reads until `done` holds and answers that reading; a `TimedOut` naming `what` otherwise. */
export const waitFor = async <T>(
  what: string,
  read: () => Promise<T>,
  done: (value: T) => boolean,
  { timeoutMs = 20_000, intervalMs = 200 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() >= deadline) throw new TimedOut(what, timeoutMs, value);
    await sleep(intervalMs);
  }
};
