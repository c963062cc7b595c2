import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import type { DraftOrderInput } from '../order/commands.js';
import { draftOrderCreated } from '../order/create/create-order.js';
import { orderFromCreated } from '../order/evolve.js';
import type { OrderResource } from './order-resource.js';
import { toOrderResource } from './to-order-resource.js';

/**
 * `state = draft`: the quote an order would get, validated by the same rules as a placed
 * order, as a resource with payment.status `draft`. Nothing is stored and no check starts.
 */
export const draftOrder = (input: DraftOrderInput): E.Either<DomainError, OrderResource> => {
  const created = draftOrderCreated(input);
  return E.isLeft(created) ? created : E.right(toOrderResource(orderFromCreated(created.right), { draft: true }));
};
