export type Outcome<Result> =
  { readonly ok: true; readonly result: Result } | { readonly ok: false; readonly error: unknown };

interface Pending<Request, Result> {
  readonly request: Request;
  readonly resolve: (result: Result) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * Group commit: every request submitted during one turn of the event loop is written by ONE
 * call of `write` (one transaction, one fsync) in the next check phase. Concurrent HTTP
 * requests each await their own append, and all that arrived together share the commit.
 * A promise settles only after `write` returned, i.e. after the transaction committed, and,
 * with `durable`, once the commit is on disk.
 */
export class GroupCommit<Request, Result> {
  private queue: Pending<Request, Result>[] = [];
  private scheduled: NodeJS.Immediate | null = null;

  /** Batches committed and waiting for `durable`. */
  private readonly syncing = new Set<Promise<void>>();

  constructor(
    /** Writes the batch in one transaction; throws if the transaction as a whole failed. */
    private readonly write: (batch: readonly Request[]) => readonly Outcome<Result>[],
    private readonly afterCommit: () => void,
    /**
     * When given, a committed batch is acknowledged (and `afterCommit` called) only once this
     * resolves: the commit is on disk. If it rejects, the batch's appends fail with its error.
     */
    private readonly durable?: (batch: readonly Request[], outcomes: readonly Outcome<Result>[]) => Promise<void>,
  ) {}

  submit(request: Request): Promise<Result> {
    return new Promise<Result>((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.scheduled ??= setImmediate(() => this.flush());
    });
  }

  /** Writes what is queued now; also called on close so nothing submitted is dropped. */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    let outcomes: readonly Outcome<Result>[];
    try {
      outcomes = this.write(batch.map((pending) => pending.request));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    const settle = (failure?: { error: unknown }) =>
      batch.forEach((pending, index) => {
        const outcome = outcomes[index];
        if (outcome?.ok && !failure) pending.resolve(outcome.result);
        else
          pending.reject(
            outcome?.ok ? failure!.error : outcome ? outcome.error : new Error('Group commit lost an outcome'),
          );
      });
    if (!outcomes.some((outcome) => outcome.ok)) return settle();
    if (!this.durable) {
      settle();
      this.afterCommit();
      return;
    }
    const syncing: Promise<void> = this.durable(
      batch.map((pending) => pending.request),
      outcomes,
    ).then(
      () => settle(),
      (error: unknown) => settle({ error }),
    );
    this.syncing.add(syncing);
    void syncing.finally(() => {
      this.syncing.delete(syncing);
      this.afterCommit();
    });
  }

  /** Resolves once every batch committed so far is acknowledged (before closing the file). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.syncing]);
  }
}
