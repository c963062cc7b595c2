import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { Injectable } from '@nestjs/common';
import type { CommandContext } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import { aggregateType } from '../aggregates/aggregate-type.js';
import { Aggregates } from '../aggregates/aggregates.js';
import { type EffectCommand, effectDecider } from './effect.decider.js';

/** Long enough for one provider call and its record; a holder that died is replaced after it. */
export const DEFAULT_EFFECT_LEASE_MS = 60_000;

/** Names one claimer (an instance's ledger or worker) in the claims it writes: host, process, and a random part. */
export const newHolderId = (): string => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

/** Which effect: its stream, and the names it is recorded under. */
export interface EffectRef {
  readonly stream: string;
  readonly effect: string;
  readonly key: string;
  readonly leaseMs: number;
}

/** `effect-<effect>:<key>`: one stream per effect of one resource (an order's delivery, its refund). */
export const effectRef = (effect: string, key: string, leaseMs = DEFAULT_EFFECT_LEASE_MS): EffectRef => ({
  stream: `effect-${effect}:${key}`,
  effect,
  key,
  leaseMs,
});

/** One effect of one resource, in its own stream. */
const EffectAggregate = aggregateType({
  name: 'effect',
  decider: effectDecider,
  streamName: (ref: EffectRef) => ref.stream,
});

/** What performing the effect gave: an outcome to record, or nothing yet (the provider was unavailable). */
export type EffectAttempt<T> = { readonly kind: 'done'; readonly outcome: T } | { readonly kind: 'retry' };

/**
 * `done`: the effect's recorded outcome (performed now, or earlier by any instance). `busy`:
 * another instance holds the claim. `retry`: this instance holds it and could not perform yet.
 */
export type EffectResult<T> =
  { readonly kind: 'done'; readonly outcome: T } | { readonly kind: 'busy' } | { readonly kind: 'retry' };

/**
 * Side effects performed once, however many API instances see the same work. Before acting, an
 * instance claims the effect in its stream (an append at the revision it read: of two
 * instances, one wins); after acting, it records the outcome in the same stream. A crash between
 * the two leaves a claim whose lease lapses: the next holder acts again with the same
 * idempotency key (derived from the resource), so the provider answers with the first result
 * instead of acting twice, and that answer is recorded. Once recorded, nobody acts again.
 */
@Injectable()
export class EffectLedger {
  /** This instance, as its claims name it. */
  readonly holder = newHolderId();

  constructor(private readonly aggregates: Aggregates) {}

  async once<T>(
    ref: EffectRef,
    context: CommandContext,
    perform: () => Promise<EffectAttempt<T>>,
  ): Promise<EffectResult<T>> {
    const { effect, key, leaseMs } = ref;
    const claim: EffectCommand = {
      type: 'ClaimEffect',
      data: { effect, key, holder: this.holder, now: this.now(), leaseMs },
    };
    const claimed = await this.aggregates.tryExecute(EffectAggregate, ref, claim, context);
    if (E.isLeft(claimed)) return { kind: 'busy' };
    const earlier = claimed.right.state.recorded;
    if (earlier) return { kind: 'done', outcome: earlier.outcome as T };
    const attempt = await perform();
    if (attempt.kind === 'retry') return attempt;
    const record: EffectCommand = {
      type: 'RecordEffect',
      data: { effect, key, holder: this.holder, outcome: attempt.outcome, now: this.now() },
    };
    const { state } = await this.aggregates.execute(EffectAggregate, ref, record, context);
    return { kind: 'done', outcome: (state.recorded?.outcome ?? attempt.outcome) as T };
  }

  /** The effect's recorded outcome, undefined while it has none (for what follows the effect without performing it). */
  async recorded<T>(ref: EffectRef): Promise<T | undefined> {
    const loaded = await this.aggregates.load(EffectAggregate, ref);
    return loaded?.state.recorded?.outcome as T | undefined;
  }

  private now(): string {
    return this.aggregates.now().toISOString();
  }
}
