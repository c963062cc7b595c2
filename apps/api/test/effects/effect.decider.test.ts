import { DeciderSpecification } from '@paykit/kernel/testing';
import { type EffectEvent, effectDecider } from '../../src/infrastructure/effects/effect.decider.js';

const spec = DeciderSpecification.for(effectDecider);
const names = { effect: 'offramp-payout', key: 'ord_1' };
const claimed = (holder: string, at: string, until: string): EffectEvent => ({
  type: 'EffectClaimed',
  data: { ...names, holder, claimedAt: at, leaseExpiresAt: until },
});
const claim = (holder: string, now: string) => ({
  type: 'ClaimEffect' as const,
  data: { ...names, holder, now, leaseMs: 60_000 },
});
const record = (holder: string, outcome: unknown) => ({
  type: 'RecordEffect' as const,
  data: { ...names, holder, outcome, now: '2026-01-01T00:00:30.000Z' },
});

describe('an effect claimed and recorded in its own stream', () => {
  it('is claimed by the first instance that asks, for the lease', () =>
    spec
      .given([])
      .when(claim('a', '2026-01-01T00:00:00.000Z'))
      .then([claimed('a', '2026-01-01T00:00:00.000Z', '2026-01-01T00:01:00.000Z')]));

  it('is refused to another instance while the lease holds', () =>
    spec
      .given([claimed('a', '2026-01-01T00:00:00.000Z', '2026-01-01T00:01:00.000Z')])
      .when(claim('b', '2026-01-01T00:00:59.999Z'))
      .thenFails({ kind: 'conflict', code: 'effect_claimed' }));

  it('passes to another instance once the lease has lapsed (the holder died between effect and record)', () =>
    spec
      .given([claimed('a', '2026-01-01T00:00:00.000Z', '2026-01-01T00:01:00.000Z')])
      .when(claim('b', '2026-01-01T00:01:00.000Z'))
      .then([claimed('b', '2026-01-01T00:01:00.000Z', '2026-01-01T00:02:00.000Z')]));

  it('stays with its holder without a write while more than half the lease is left, and is renewed after', () => {
    const held = [claimed('a', '2026-01-01T00:00:00.000Z', '2026-01-01T00:01:00.000Z')];
    spec.given(held).when(claim('a', '2026-01-01T00:00:29.000Z')).thenNothingHappened();
    spec
      .given(held)
      .when(claim('a', '2026-01-01T00:00:31.000Z'))
      .then([claimed('a', '2026-01-01T00:00:31.000Z', '2026-01-01T00:01:31.000Z')]);
  });

  it('is never claimed again once recorded', () =>
    spec
      .given([
        claimed('a', '2026-01-01T00:00:00.000Z', '2026-01-01T00:01:00.000Z'),
        {
          type: 'EffectRecorded',
          data: { ...names, holder: 'a', outcome: { payoutId: 'po_1' }, recordedAt: '2026-01-01T00:00:01.000Z' },
        },
      ])
      .when(claim('b', '2026-01-01T01:00:00.000Z'))
      .thenNothingHappened());

  it('keeps the first record: a late holder whose lease lapsed records nothing over it', () => {
    const first: EffectEvent = {
      type: 'EffectRecorded',
      data: { ...names, holder: 'b', outcome: { payoutId: 'po_1' }, recordedAt: '2026-01-01T00:01:01.000Z' },
    };
    spec
      .given([
        claimed('a', '2026-01-01T00:00:00.000Z', '2026-01-01T00:01:00.000Z'),
        claimed('b', '2026-01-01T00:01:00.000Z', '2026-01-01T00:02:00.000Z'),
        first,
      ])
      .when(record('a', { payoutId: 'po_1' }))
      .thenNothingHappened();
  });

  it('records the outcome of a holder whose lease passed to another that has not recorded yet', () =>
    spec
      .given([
        claimed('a', '2026-01-01T00:00:00.000Z', '2026-01-01T00:01:00.000Z'),
        claimed('b', '2026-01-01T00:01:00.000Z', '2026-01-01T00:02:00.000Z'),
      ])
      .when(record('a', { payoutId: 'po_1' }))
      .then([
        {
          type: 'EffectRecorded',
          data: { ...names, holder: 'a', outcome: { payoutId: 'po_1' }, recordedAt: '2026-01-01T00:00:30.000Z' },
        },
      ]));
});
