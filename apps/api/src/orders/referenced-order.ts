import { isUuid } from '@paykit/kernel';
import type { Order } from '@paykit/orders';
import type { Aggregates } from '../infrastructure/aggregates/aggregates.js';
import { OrderAggregate, orderIn } from './order.aggregate.js';

/**
 * The order a provider's webhook names by the reference we gave it (`paykit_reference`, the order
 * id), with its project; null when the reference names no order of ours.
 */
export const referencedOrder = async (
  aggregates: Aggregates,
  reference: string,
): Promise<{ readonly order: Order; readonly projectId: string } | null> => {
  if (!isUuid(reference)) return null;
  const stored = await aggregates.load(OrderAggregate, reference);
  return stored ? { order: orderIn(stored), projectId: stored.projectId } : null;
};
