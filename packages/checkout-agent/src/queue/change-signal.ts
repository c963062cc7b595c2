/**
 * A wake-up that many waiters share: `next()` resolves at the next `notify()`. Waiters re-check
 * their condition after waking, so a notification that wakes nobody in particular is harmless.
 */
export class ChangeSignal {
  private waiting: { promise: Promise<void>; resolve: () => void } | null = null;

  notify(): void {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.resolve();
  }

  /** Resolves at the next notification, after `timeoutMs` (a safety net), or when `abort` fires. */
  next(options: { readonly timeoutMs?: number; readonly abort?: AbortSignal } = {}): Promise<void> {
    if (!this.waiting) {
      let resolve!: () => void;
      const promise = new Promise<void>((done) => (resolve = done));
      this.waiting = { promise, resolve };
    }
    const { promise } = this.waiting;
    if (options.timeoutMs === undefined && !options.abort) return promise;
    return new Promise<void>((resolve) => {
      const timer = options.timeoutMs === undefined ? null : setTimeout(finish, options.timeoutMs);
      function finish() {
        if (timer) clearTimeout(timer);
        options.abort?.removeEventListener('abort', finish);
        resolve();
      }
      if (options.abort?.aborted) return finish();
      options.abort?.addEventListener('abort', finish, { once: true });
      void promise.then(finish);
    });
  }
}
