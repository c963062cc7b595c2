/** Knobs a test turns on a running test server to drive the client's failure paths. */
export class ServerControl {
  /** While paused, the server accepts calls and never answers them (a hung node). */
  paused = false;
  private readonly resumed = new Set<() => void>();

  constructor(
    /** Bytes of data and metadata one append may carry (EventStoreDB's MaxAppendSize; its default is 1 MiB). */
    readonly maxAppendSize: number,
  ) {}

  pause(): void {
    this.paused = true;
  }

  resume(): void {
    this.paused = false;
    for (const wake of this.resumed) wake();
    this.resumed.clear();
  }

  /** Resolves when the server is not paused (at once if it is not). */
  whenRunning(): Promise<void> {
    return this.paused ? new Promise((resolve) => this.resumed.add(resolve)) : Promise.resolve();
  }
}
