import type { RecordedEvent } from '../port.js';

/** One forward read of `$all`, decoded: what every reader of the same page gets. */
export interface AllPage {
  /** The non-system events of the page, in order (the first may be the one at the cursor). */
  readonly events: readonly RecordedEvent[];
  /** The last record's position (system records included): where the next page starts. */
  readonly lastPosition: bigint | null;
  /** How many records the server returned, system ones included: fewer than asked is the end. */
  readonly size: number;
}

/**
 * Forward pages of `$all`, shared between the readers of one store. Every projection of an
 * instance follows `$all` with its own subscription; on a fresh instance they all start from 0
 * and would each pull and decode the whole history over gRPC (decoding dominates: ~0.1-0.2 ms an
 * event). Pages are keyed by where they start and how many records they ask for, so readers
 * walking the same history ask for the same keys: one read is in flight per key, and the last
 * `capacity` pages are kept, so readers a few pages apart still share. A page that reaches the end
 * of `$all` is not kept: the next read of it may find more.
 */
export class AllPages {
  private readonly pages = new Map<string, Promise<AllPage>>();

  constructor(private readonly capacity = 64) {}

  get(cursor: bigint, count: number, load: () => Promise<AllPage>): Promise<AllPage> {
    const key = `${cursor}/${count}`;
    const cached = this.pages.get(key);
    if (cached) {
      // Most recently used last: the oldest entry is the one evicted.
      this.pages.delete(key);
      this.pages.set(key, cached);
      return cached;
    }
    const loading = load();
    this.pages.set(key, loading);
    const forget = () => {
      if (this.pages.get(key) === loading) this.pages.delete(key);
    };
    loading.then((page) => page.size < count && forget(), forget);
    while (this.pages.size > this.capacity) this.pages.delete(this.pages.keys().next().value!);
    return loading;
  }

  clear(): void {
    this.pages.clear();
  }
}
