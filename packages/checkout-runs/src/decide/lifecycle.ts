import type { ClaimRun, CreateRun, DeadlinePassed, LeaseExpired, RenewLease } from '../commands.js';
import { runErrors } from '../errors.js';
import { isValidPolicy, resolvePolicy } from '../run/policy.js';
import { isActiveStatus, isFinalStatus } from '../run/statuses.js';
import type { CheckoutRun, CheckoutRunState } from '../state.js';
import {
  type Decision,
  emit,
  firstRefusal,
  heldBy,
  inStatus,
  iso,
  later,
  nonEmpty,
  nothing,
  notFinal,
  refuse,
} from './decision.js';
import { endWithoutRunner } from './endings.js';
import { validMaxCost } from './values.js';

export const create = ({ data }: CreateRun, state: CheckoutRunState): Decision => {
  if (state.exists) return refuse(runErrors.alreadyExists(state.runId));
  const policy = resolvePolicy(data.policy);
  const refusal = firstRefusal(
    nonEmpty('runId', data.runId),
    nonEmpty('projectId', data.projectId),
    nonEmpty('owner', data.owner),
    validMaxCost(data.input),
    () => (isValidPolicy(policy) ? null : runErrors.invalidField('policy', 'must hold positive integer budgets')),
  );
  if (refusal) return refuse(refusal);
  return emit({
    type: 'CheckoutRunCreated',
    data: {
      runId: data.runId,
      projectId: data.projectId,
      owner: data.owner,
      input: data.input,
      policy,
      createdAt: iso(data.now),
    },
  });
};

export const claim = ({ data }: ClaimRun, run: CheckoutRun): Decision => {
  if (isActiveStatus(run.status) && run.lease?.runnerId === data.runnerId) return nothing();
  const refusal = firstRefusal(
    notFinal(run),
    inStatus(run, 'queued'),
    nonEmpty('runnerId', data.runnerId),
    later('leaseUntil', data.leaseUntil, data.now),
  );
  if (refusal) return refuse(refusal);
  return emit({
    type: 'CheckoutRunClaimed',
    data: {
      runnerId: data.runnerId,
      leaseUntil: iso(data.leaseUntil),
      attempt: run.takeovers + 1,
      claimedAt: iso(data.now),
    },
  });
};

export const renewLease = ({ data }: RenewLease, run: CheckoutRun): Decision => {
  const refusal = firstRefusal(
    notFinal(run),
    heldBy(run, data.runnerId),
    later('leaseUntil', data.leaseUntil, data.now),
  );
  if (refusal) return refuse(refusal);
  // A lease is only ever extended: a late or repeated renewal changes nothing.
  if (run.lease && data.leaseUntil.getTime() <= Date.parse(run.lease.until)) return nothing();
  return emit({
    type: 'CheckoutRunLeaseRenewed',
    data: { runnerId: data.runnerId, leaseUntil: iso(data.leaseUntil), renewedAt: iso(data.now) },
  });
};

/**
 * A lease is lost only when this is applied: until then the late runner may still renew.
 * The run is taken over a bounded number of times, never left running.
 */
export const leaseExpired = ({ data }: LeaseExpired, run: CheckoutRun): Decision => {
  if (!isActiveStatus(run.status) || !run.lease) return nothing();
  if (Date.parse(run.lease.until) > data.now.getTime()) return nothing();
  const safeToRetake = !run.payment && !run.cancellationRequested && run.takeovers < run.policy.maxTakeovers;
  if (safeToRetake) {
    return emit({
      type: 'CheckoutRunRequeued',
      data: { previousRunnerId: run.lease.runnerId, takeover: run.takeovers + 1, requeuedAt: iso(data.now) },
    });
  }
  return endWithoutRunner(run, run.browserOpenedThisAttempt ? 'browser_session_lost' : 'runtime_error', data.now);
};

/**
 * The wall-clock budget counts from the first claim. While a payment is in flight the live
 * runner is left to finish it (failing then could hide a real purchase); the lease rule
 * still covers a runner that died.
 */
export const deadlinePassed = ({ data }: DeadlinePassed, run: CheckoutRun): Decision => {
  if (isFinalStatus(run.status) || run.startedAt === null || run.payment) return nothing();
  if (Date.parse(run.startedAt) + run.policy.maxDurationMs > data.now.getTime()) return nothing();
  return endWithoutRunner(run, 'cost_limit', data.now);
};
