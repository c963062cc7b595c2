/**
 * Turns pushed items (a client stream's `data` events) into an async iterator that a consumer
 * pulls from. `end()` finishes it, `fail(error)` makes the next pull reject; both wake a pull
 * that is waiting, so closing never leaves a consumer hanging. `onDrained` lets the producer
 * pause while the consumer is behind.
 */
export class PullQueue<T> implements AsyncIterator<T> {
  private readonly items: T[] = [];
  private waiting: { resolve: (result: IteratorResult<T>) => void; reject: (error: unknown) => void } | null = null;
  private finished: { error: unknown } | 'done' | null = null;

  constructor(
    private readonly highWaterMark = 500,
    private readonly onDrained: () => void = () => undefined,
  ) {}

  /** False when the consumer is behind by `highWaterMark` items: the producer should pause. */
  push(item: T): boolean {
    if (this.finished) return true;
    if (this.waiting) {
      const { resolve } = this.waiting;
      this.waiting = null;
      resolve({ value: item, done: false });
      return true;
    }
    this.items.push(item);
    return this.items.length < this.highWaterMark;
  }

  end(): void {
    this.finish('done');
  }

  fail(error: unknown): void {
    this.finish({ error });
  }

  get isFinished(): boolean {
    return this.finished !== null;
  }

  next(): Promise<IteratorResult<T>> {
    const item = this.items.shift();
    if (item !== undefined) {
      if (this.items.length === Math.floor(this.highWaterMark / 2)) this.onDrained();
      return Promise.resolve({ value: item, done: false });
    }
    if (this.finished === 'done') return Promise.resolve({ value: undefined, done: true });
    if (this.finished) return Promise.reject(this.finished.error);
    this.onDrained();
    return new Promise((resolve, reject) => (this.waiting = { resolve, reject }));
  }

  async return(): Promise<IteratorResult<T>> {
    this.end();
    return { value: undefined, done: true };
  }

  private finish(how: { error: unknown } | 'done'): void {
    if (this.finished) return;
    this.finished = how;
    this.items.length = how === 'done' ? 0 : this.items.length;
    const waiting = this.waiting;
    this.waiting = null;
    if (!waiting) return;
    if (how === 'done') waiting.resolve({ value: undefined, done: true });
    else waiting.reject(how.error);
  }
}
