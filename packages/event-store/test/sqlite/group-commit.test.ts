import { GroupCommit, type Outcome } from '../../src/sqlite/group-commit.js';

/** A writer that records the batches it was given and fails the requests it is told to. */
const recordingWriter = (failing: ReadonlySet<string> = new Set()) => {
  const batches: string[][] = [];
  const write = (batch: readonly string[]): Outcome<string>[] => {
    batches.push([...batch]);
    return batch.map((request) =>
      failing.has(request)
        ? { ok: false, error: new Error(`rejected ${request}`) }
        : { ok: true, result: `${request}:${batches.length}` },
    );
  };
  return { batches, write };
};

describe('GroupCommit', () => {
  it('writes everything submitted in one turn of the event loop as one batch, in submission order', async () => {
    const writer = recordingWriter();
    const commits = new GroupCommit(writer.write, () => {});
    const results = await Promise.all(['a', 'b', 'c'].map((request) => commits.submit(request)));
    expect(writer.batches).toEqual([['a', 'b', 'c']]);
    expect(results).toEqual(['a:1', 'b:1', 'c:1']);
  });

  it('gathers requests submitted by separate callbacks of the same turn, and starts a new batch afterwards', async () => {
    const writer = recordingWriter();
    const commits = new GroupCommit(writer.write, () => {});
    const fromCallbacks = await new Promise<Promise<string>[]>((resolve) => {
      const submitted: Promise<string>[] = [];
      // Separate callbacks of one loop phase, as the handlers of concurrent requests are.
      for (const request of ['x', 'y']) setImmediate(() => submitted.push(commits.submit(request)));
      setImmediate(() => resolve(submitted));
    });
    await Promise.all(fromCallbacks);
    await commits.submit('z');
    expect(writer.batches).toEqual([['x', 'y'], ['z']]);
  });

  it('settles each request with its own outcome: one failure does not fail the others', async () => {
    const writer = recordingWriter(new Set(['bad']));
    const commits = new GroupCommit(writer.write, () => {});
    const outcomes = await Promise.allSettled(['good', 'bad', 'fine'].map((request) => commits.submit(request)));
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(writer.batches).toHaveLength(1);
  });

  it('rejects every request of a batch whose transaction failed, and reports no commit', async () => {
    let commitsSeen = 0;
    const commits = new GroupCommit<string, string>(
      () => {
        throw new Error('disk full');
      },
      () => commitsSeen++,
    );
    const outcomes = await Promise.allSettled(['a', 'b'].map((request) => commits.submit(request)));
    expect(outcomes.map((o) => (o.status === 'rejected' ? (o.reason as Error).message : 'fulfilled'))).toEqual([
      'disk full',
      'disk full',
    ]);
    expect(commitsSeen).toBe(0);
  });

  it('flush writes what is queued at once, and settles nothing before the write returned', async () => {
    const writer = recordingWriter();
    let committed = false;
    const commits = new GroupCommit(writer.write, () => (committed = true));
    let settledBeforeWrite = false;
    const pending = commits.submit('now').then((result) => {
      settledBeforeWrite = writer.batches.length === 0;
      return result;
    });
    commits.flush();
    expect(writer.batches).toEqual([['now']]);
    expect(committed).toBe(true);
    expect(await pending).toBe('now:1');
    expect(settledBeforeWrite).toBe(false);
  });

  it('with a durability step, acknowledges a batch and reports its commit only once the step resolves', async () => {
    const writer = recordingWriter();
    let makeDurable: () => void = () => undefined;
    const durable = new Promise<void>((resolve) => (makeDurable = resolve));
    const events: string[] = [];
    const commits = new GroupCommit(
      writer.write,
      () => events.push('committed'),
      () => durable,
    );
    const acknowledged = commits.submit('a').then((result) => events.push(`acknowledged ${result}`));
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(writer.batches).toEqual([['a']]);
    expect(events).toEqual([]);
    makeDurable();
    await acknowledged;
    await commits.settled();
    expect(events).toEqual(['acknowledged a:1', 'committed']);
  });

  it('fails the appends of a batch whose durability step fails, with its error', async () => {
    const writer = recordingWriter();
    const commits = new GroupCommit(
      writer.write,
      () => undefined,
      () => Promise.reject(new Error('fsync failed')),
    );
    await expect(commits.submit('a')).rejects.toThrow('fsync failed');
  });
});
