const IDLE = Symbol('idle');

/**
 * Groups what an async iterator yields into batches of at most `maxSize`. A batch closes when
 * it is full or when the next item is not ready within the current turn of the event loop, so
 * a catch-up over history commits in large batches while a live event commits at once.
 */
export async function* inBatches<T>(source: AsyncIterator<T>, maxSize: number): AsyncGenerator<T[]> {
  let pending = source.next();
  for (;;) {
    const first = await pending;
    if (first.done) return;
    const batch = [first.value];
    pending = source.next();
    const idle = new Promise<typeof IDLE>((resolve) => setImmediate(resolve, IDLE));
    while (batch.length < maxSize) {
      const next = await Promise.race([pending, idle]);
      if (next === IDLE || next.done) break;
      batch.push(next.value);
      pending = source.next();
    }
    yield batch;
  }
}
