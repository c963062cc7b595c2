interface Waiter {
  readonly position: bigint;
  settle(reached: boolean): void;
}

/** Callers waiting, each with its own deadline, for a checkpoint to reach a position. */
export class PositionWaiters {
  private readonly waiting = new Set<Waiter>();

  wait(position: bigint, timeoutMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        position,
        settle: (reached) => {
          clearTimeout(timer);
          this.waiting.delete(waiter);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => waiter.settle(false), timeoutMs);
      timer.unref();
      this.waiting.add(waiter);
    });
  }

  advance(checkpoint: bigint): void {
    for (const waiter of this.waiting) if (waiter.position <= checkpoint) waiter.settle(true);
  }

  /** Nobody will reach anything any more (stopped or failed): answer every waiter now. */
  giveUp(): void {
    for (const waiter of this.waiting) waiter.settle(false);
  }
}
