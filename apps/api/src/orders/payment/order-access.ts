import { Injectable } from '@nestjs/common';
import { DomainException, domainError, notFound } from '@paykit/kernel';
import { type Order, clientSecretMatches } from '@paykit/orders';
import { AuthErrors } from '../../auth/auth-errors.js';
import type { Principal } from '../../auth/principal.js';
import { Scopes } from '../../auth/scopes.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { OrderAggregate, orderIn } from '../order.aggregate.js';

const wrongSecret = () =>
  new DomainException(
    domainError('forbidden', 'invalid_client_secret', 'The client secret does not authorize this order'),
  );

/**
 * Who may read or pay an order of the caller's project (another project's order is a 404):
 * its client secret (raw in Authorization); a server key with orders.read (read) or
 * orders.update (pay); or, to pay, a user's JWT under a client key with orders.create, for
 * that user's own orders only. Orders are read from their stream, so a caller reads its own writes.
 */
@Injectable()
export class OrderAccess {
  constructor(private readonly aggregates: Aggregates) {}

  async toRead(principal: Principal, orderId: string): Promise<Order> {
    const order = await this.owned(principal, orderId);
    this.checkSecret(principal, order);
    return order;
  }

  async toPay(principal: Principal, orderId: string): Promise<Order> {
    // The scope first, as the guard does on every other route: a key without it learns nothing of the order.
    const bySecret = principal.orderClientSecret !== undefined;
    if (!bySecret && principal.keyKind === 'server' && !principal.scopes.has(Scopes.ordersUpdate)) {
      throw AuthErrors.missingScope([Scopes.ordersUpdate]);
    }
    const order = await this.owned(principal, orderId);
    if (bySecret) {
      this.checkSecret(principal, order);
      return order;
    }
    if (principal.keyKind === 'server') return order;
    if (principal.userId === null || order.buyer.userLocator !== `userId:${principal.userId}`) {
      throw new DomainException(notFound());
    }
    return order;
  }

  private async owned(principal: Principal, orderId: string): Promise<Order> {
    return orderIn(await this.aggregates.loadOwned(OrderAggregate, principal.projectId, orderId));
  }

  private checkSecret(principal: Principal, order: Order): void {
    const secret = principal.orderClientSecret;
    if (secret !== undefined && !clientSecretMatches(order, secret)) throw wrongSecret();
  }
}
