import { MemoryEventStore, type EventStore } from '@paykit/event-store';
import type { ManualClock } from '@paykit/kernel';
import { SandboxCardProcessor, SandboxCardVault, type ProviderState } from '../../src/index.js';
import { clockAt, ids, KEY, leftOf, OTHER_KEY, rightOf } from '../support.js';
import { makeDataDir } from '../state-support.js';

const VERIFY = '4000002500003155';

/** A vault and processor as one API instance wires them, on the given store. */
const instance = (store: EventStore, clock: ManualClock, seed: string) => {
  const state: ProviderState = { store, encryptionKey: KEY };
  const vault = new SandboxCardVault({ clock, ids: ids(seed), state });
  const processor = new SandboxCardProcessor({ vault, clock, ids: ids(seed), state });
  const tokenOf = async (number: string) =>
    rightOf(await vault.tokenizeCard({ number, expMonth: 12, expYear: 2030, cvc: '123' })).token;
  return { vault, processor, tokenOf };
};

describe('sandbox cards in the event store: restarts', () => {
  it('keeps tokens, charges, verification steps, refunds and their keys across a restart', async () => {
    const dir = await makeDataDir('cards-restart');
    try {
      const clock = clockAt('2026-03-15T12:00:00Z');
      const before = dir.open();
      const first = instance(before, clock, 'before');
      const token = await first.tokenOf(VERIFY);
      const request = { token, amount: '30', currency: 'usd', idempotencyKey: 'order-1:payment' };
      const pending = rightOf(await first.processor.charge(request));
      if (pending.status !== 'requires-verification') throw new Error('expected a verification step');
      const paid = rightOf(
        await first.processor.charge({
          token: await first.tokenOf('4242424242424242'),
          amount: '20',
          currency: 'usd',
          idempotencyKey: 'order-2',
        }),
      );
      const part = rightOf(
        await first.processor.refund({ chargeId: paid.chargeId, amount: '5', idempotencyKey: 'refund-1' }),
      );
      await before.close();

      const after = dir.open();
      const restarted = instance(after, clock, 'after');
      // The retry of the same request after the restart finds the first charge: nothing is charged twice.
      expect(rightOf(await restarted.processor.charge(request))).toEqual(pending);
      expect(leftOf(await restarted.processor.charge({ ...request, amount: '31' })).code).toBe(
        'idempotency_key_reused',
      );
      expect((await restarted.vault.cardOf(token))?.behaviour).toBe('require-verification');
      expect(rightOf(await restarted.processor.completeVerification(pending.verification.id, 'succeeded')).status).toBe(
        'succeeded',
      );
      expect(rightOf(await restarted.processor.getCharge(pending.chargeId)).status).toBe('succeeded');
      expect(
        rightOf(await restarted.processor.refund({ chargeId: paid.chargeId, amount: '5', idempotencyKey: 'refund-1' })),
      ).toEqual(part);
      expect(
        leftOf(
          await restarted.processor.refund({ chargeId: paid.chargeId, amount: '15.01', idempotencyKey: 'refund-2' }),
        ),
      ).toMatchObject({
        code: 'refund_exceeds_charge',
        parameters: { remainingAmount: '15' },
      });
      await after.close();
    } finally {
      await dir.remove();
    }
  });

  it('keeps no card number, token or verification id in clear, and opens nothing with another key', async () => {
    const store = new MemoryEventStore();
    const clock = clockAt('2026-03-15T12:00:00Z');
    const { processor, tokenOf } = instance(store, clock, 'clear');
    const token = await tokenOf(VERIFY);
    const charge = rightOf(await processor.charge({ token, amount: '30', currency: 'usd', idempotencyKey: 'k' }));
    if (charge.status !== 'requires-verification') throw new Error('expected a verification step');
    const texts: string[] = [];
    for await (const event of store.readAll()) texts.push(`${event.streamName} ${JSON.stringify(event.data)}`);
    for (const secret of [VERIFY, VERIFY.slice(-4), token, charge.verification.id])
      expect(texts.join('\n')).not.toContain(secret);

    const otherKey = new SandboxCardProcessor({
      vault: new SandboxCardVault({ clock, ids: ids('x'), state: { store, encryptionKey: OTHER_KEY } }),
      clock,
      ids: ids('x'),
      state: { store, encryptionKey: OTHER_KEY },
    });
    expect(leftOf(await otherKey.getCharge(charge.chargeId))).toMatchObject({ kind: 'upstream_invalid' });
  });
});

describe('sandbox cards in the event store: several instances on one store', () => {
  it('charges once when two instances charge the same key at the same time, and either completes the step', async () => {
    const store = new MemoryEventStore();
    const clock = clockAt('2026-03-15T12:00:00Z');
    const one = instance(store, clock, 'one');
    const two = instance(store, clock, 'two');
    const token = await one.tokenOf(VERIFY);
    const request = { token, amount: '30', currency: 'usd', idempotencyKey: 'order-3:payment' };
    const [a, b] = await Promise.all([one.processor.charge(request), two.processor.charge(request)]);
    const charge = rightOf(a);
    expect(rightOf(b)).toEqual(charge);
    if (charge.status !== 'requires-verification') throw new Error('expected a verification step');
    let charges = 0;
    for await (const event of store.readAll()) if (event.type === 'SandboxChargeCreated') charges++;
    expect(charges).toBe(1);
    expect(rightOf(await two.processor.completeVerification(charge.verification.id, 'failed')).status).toBe('declined');
    expect(rightOf(await one.processor.getCharge(charge.chargeId))).toMatchObject({
      status: 'declined',
      declineCode: 'authentication_failed',
    });
  });

  it('never refunds more than was charged when two instances refund at once', async () => {
    const store = new MemoryEventStore();
    const clock = clockAt('2026-03-15T12:00:00Z');
    const one = instance(store, clock, 'one');
    const two = instance(store, clock, 'two');
    const charge = rightOf(
      await one.processor.charge({
        token: await one.tokenOf('4242424242424242'),
        amount: '100',
        currency: 'usd',
        idempotencyKey: 'c',
      }),
    );
    const results = await Promise.all([
      one.processor.refund({ chargeId: charge.chargeId, amount: '60', idempotencyKey: 'r-one' }),
      two.processor.refund({ chargeId: charge.chargeId, amount: '60', idempotencyKey: 'r-two' }),
    ]);
    expect(results.map((result) => (result._tag === 'Right' ? 'refunded' : result.left.code)).sort()).toEqual([
      'refund_exceeds_charge',
      'refunded',
    ]);
  });
});
