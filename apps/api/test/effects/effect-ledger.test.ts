import { type EventStore, createEventStore } from '@paykit/event-store';
import { type EsdbTestServer, startEsdbTestServer } from '@paykit/event-store/esdb-test-server';
import { type CommandContext, ManualClock, randomIds } from '@paykit/kernel';
import { Aggregates } from '../../src/infrastructure/aggregates/aggregates.js';
import { type EffectAttempt, EffectLedger, effectRef } from '../../src/infrastructure/effects/effect-ledger.js';

const context: CommandContext = {
  projectId: 'project-1',
  actor: { type: 'system', id: 'test' },
  correlationId: 'test',
};

/**
 * Several instances (each its own connection to one EventStoreDB, here the protocol test server)
 * asked to perform the same effect: it happens once, and every instance learns its outcome.
 */
describe('EffectLedger across instances on one EventStoreDB', () => {
  let server: EsdbTestServer;
  const stores: EventStore[] = [];
  const clock = new ManualClock('2026-03-01T12:00:00.000Z');

  beforeAll(async () => {
    server = await startEsdbTestServer();
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await server.close();
  });

  const instance = async (): Promise<EffectLedger> => {
    const store = await createEventStore({ kind: 'esdb', connectionString: server.connectionString });
    stores.push(store);
    return new EffectLedger(new Aggregates(store, clock, randomIds));
  };

  /** What the provider sees: one call per performance, keyed like the real thing. */
  const provider = () => {
    const calls: string[] = [];
    return {
      calls,
      pay: (key: string) => async (): Promise<EffectAttempt<{ payoutId: string }>> => {
        calls.push(key);
        await new Promise((resolve) => setImmediate(resolve));
        return { kind: 'done', outcome: { payoutId: `po_${key}` } };
      },
    };
  };

  it('ten instances racing for one effect: one performs it, the others are told it is taken or read its record', async () => {
    const instances = await Promise.all(Array.from({ length: 10 }, () => instance()));
    const rail = provider();
    const ref = effectRef('offramp-payout', 'ord_race');
    const results = await Promise.all(instances.map((ledger) => ledger.once(ref, context, rail.pay('ord_race'))));
    expect(rail.calls).toEqual(['ord_race']);
    // The performer, and any instance that read the stream after its record, have the outcome.
    const done = results.filter((result) => result.kind === 'done');
    expect(done.length).toBeGreaterThanOrEqual(1);
    expect(new Set(done.map((result) => JSON.stringify(result)))).toEqual(
      new Set([JSON.stringify({ kind: 'done', outcome: { payoutId: 'po_ord_race' } })]),
    );
    expect(results.every((result) => result.kind === 'done' || result.kind === 'busy')).toBe(true);

    const later = await Promise.all(instances.map((ledger) => ledger.once(ref, context, rail.pay('ord_race'))));
    expect(
      later.every(
        (result) => result.kind === 'done' && (result.outcome as { payoutId: string }).payoutId === 'po_ord_race',
      ),
    ).toBe(true);
    expect(rail.calls).toHaveLength(1);
  });

  it('a holder that died between the effect and its record is replaced after the lease, which acts again with the same key', async () => {
    const [dying, survivor] = [await instance(), await instance()];
    const rail = provider();
    const ref = effectRef('onramp-delivery', 'ord_crash', 60_000);
    await expect(
      dying.once(ref, context, async () => {
        rail.calls.push('ord_crash');
        throw new Error('killed before recording');
      }),
    ).rejects.toThrow('killed before recording');

    expect(await survivor.once(ref, context, rail.pay('ord_crash'))).toEqual({ kind: 'busy' });
    clock.advance(60_000);
    expect(await survivor.once(ref, context, rail.pay('ord_crash'))).toEqual({
      kind: 'done',
      outcome: { payoutId: 'po_ord_crash' },
    });
    expect(rail.calls).toEqual(['ord_crash', 'ord_crash']);
  });

  it('a holder that could not act yet keeps its claim and tries again; nobody else acts meanwhile', async () => {
    const [holder, other] = [await instance(), await instance()];
    const rail = provider();
    const ref = effectRef('onramp-refund', 'ord_outage', 60_000);
    expect(await holder.once(ref, context, async () => ({ kind: 'retry' }))).toEqual({ kind: 'retry' });
    expect(await other.once(ref, context, rail.pay('ord_outage'))).toEqual({ kind: 'busy' });
    clock.advance(10_000);
    expect(await holder.once(ref, context, rail.pay('ord_outage'))).toEqual({
      kind: 'done',
      outcome: { payoutId: 'po_ord_outage' },
    });
    expect(rail.calls).toEqual(['ord_outage']);

    const events = [];
    for await (const event of stores[0]!.readStream(ref.stream)) events.push(event.type);
    expect(events).toEqual(['EffectClaimed', 'EffectRecorded']);
  });
});
