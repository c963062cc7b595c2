import type { Order } from '@paykit/orders';
import type { ProjectContext } from '../../http/caller.js';
import type { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { OrderAggregate } from '../order.aggregate.js';

/** Records that an order's delivery (a transfer, a payout) failed; a refusal means another step already decided it. */
export const failDelivery = async (
  aggregates: Aggregates,
  order: Order,
  failure: { readonly code: string; readonly message: string },
  context: ProjectContext,
): Promise<void> => {
  const failedAt = aggregates.now().toISOString();
  await aggregates.tryExecute(
    OrderAggregate,
    order.orderId,
    { type: 'FailDelivery', data: { ...failure, failedAt } },
    context,
  );
};
