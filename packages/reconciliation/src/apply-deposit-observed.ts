import type { RecordedEvent } from '@paykit/event-store';
import { Decimal } from '@paykit/kernel';
import type { DepositObserved } from './deposit-observed.js';
import { addressKey, type ReconciliationWrites } from './reconciliation-statements.js';
import { dayOf, utcInstant } from './utc-time.js';

/** The owner of deposits no single project can be given: seen only by the all-projects view. */
export const UNATTRIBUTED_PROJECT = '';

/**
 * Matches a deposit seen on chain to the order whose memo it carries (on that chain and deposit
 * address). A match is the order's project's deposit, flagged when its amount is not the quoted
 * total; no match is an `unknown-memo` exception of the project that uses the address.
 */
export const applyDepositObserved = (recorded: RecordedEvent, writes: ReconciliationWrites): void => {
  const { data } = recorded as unknown as DepositObserved;
  const day = dayOf(utcInstant(data.finalizedAt, recorded.metadata.occurredAt));
  const seq = recorded.position;
  const subject = `tx:${data.chain}:${data.txId}`;
  const deposit = {
    chain: data.chain,
    txId: data.txId,
    day,
    seq,
    amount: data.amount,
    currency: data.symbol,
    memo: data.memo ?? null,
    recorded: false,
    observed: true,
  };
  const order = data.memo === undefined ? undefined : writes.orderByMemo(data.memo, data.chain);
  if (order && order.deposit_address !== null && addressKey(order.deposit_address) === addressKey(data.to)) {
    writes.upsertDeposit({ ...deposit, projectId: order.project_id, orderId: order.order_id });
    if (!new Decimal(data.amount).eq(order.quoted_amount)) {
      writes.flag({
        projectId: order.project_id,
        kind: 'amount-mismatch',
        subject,
        day,
        seq,
        orderId: order.order_id,
        chain: data.chain,
        txId: data.txId,
        details: { expected: order.quoted_amount, received: data.amount, currency: order.currency },
      });
    }
    return;
  }
  // Money on an address several projects use belongs to none of them until someone claims it:
  // only the operator's all-projects view shows it, so no tenant learns of another's deposit.
  const watchers = writes.watchersOf(data.chain, data.to);
  const owners = watchers.length === 1 ? watchers : watchers.length > 1 ? [UNATTRIBUTED_PROJECT] : [];
  for (const projectId of owners) {
    writes.upsertDeposit({ ...deposit, projectId, orderId: null });
    writes.flag({
      projectId,
      kind: 'unknown-memo',
      subject,
      day,
      seq,
      chain: data.chain,
      txId: data.txId,
      details: { memo: data.memo ?? '', amount: data.amount, currency: data.symbol, to: data.to, from: data.from },
    });
  }
};
