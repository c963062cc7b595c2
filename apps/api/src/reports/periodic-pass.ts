/**
 * A background pass run every `everyMs` (0: never) and on demand, one at a time: a call while a
 * pass runs shares it. Errors are handed to `onError` (a timer has nobody to throw to); `stop`
 * waits for the pass under way, and `stopped` tells a long pass to end early.
 */
export class PeriodicPass {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private halted = false;

  constructor(
    private readonly pass: () => Promise<number>,
    private readonly onError: (error: unknown) => void,
  ) {}

  get stopped(): boolean {
    return this.halted;
  }

  start(everyMs: number): void {
    if (everyMs > 0) this.timer = setInterval(() => void this.run().catch((error) => this.report(error)), everyMs);
  }

  /** One pass; resolves to what it counted. */
  run(): Promise<number> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    this.halted = true;
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  private report(error: unknown): void {
    if (!this.halted) this.onError(error);
  }
}
