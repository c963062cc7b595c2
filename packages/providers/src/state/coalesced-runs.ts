/**
 * Runs a task at most once at a time. A caller arriving while it runs waits for one further run
 * that starts after the current one ends, shared with every other caller that arrived meanwhile:
 * each caller's run begins after its call (so a catch-up sees everything written before it was
 * asked for), and a crowd of callers costs two runs, not one each.
 */
export class CoalescedRuns {
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(private readonly task: () => Promise<void>) {}

  run(): Promise<void> {
    if (!this.running) return this.start();
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.start();
      });
    return this.queued;
  }

  private start(): Promise<void> {
    const running: Promise<void> = this.task().finally(() => {
      if (this.running === running) this.running = null;
    });
    this.running = running;
    return running;
  }
}
