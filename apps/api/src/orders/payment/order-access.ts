import { Injectable } from '@nestjs/common';
import { DomainException, domainError, notFound } from '@paykit/kernel';
import { clientSecretMatches } from '@paykit/orders';
import { AuthErrors } from '../../auth/auth-errors.js';
import type { Principal } from '../../auth/principal.js';
import { Scopes } from '../../auth/scopes.js';
import { OrderRepository, type StoredOrder } from '../store/order-repository.js';

const wrongSecret = () =>
  new DomainException(domainError('forbidden', 'invalid_client_secret', 'The client secret does not authorize this order'));

/**
 * Who may read or pay an order of the caller's project (another project's order is a 404):
 * its client secret (raw in Authorization); a server key with orders.read (read) or
 * orders.update (pay); or, to pay, a user's JWT under a client key with orders.create, for
 * that user's own orders only.
 */
@Injectable()
export class OrderAccess {
  constructor(private readonly orders: OrderRepository) {}

  async toRead(principal: Principal, orderId: string): Promise<StoredOrder> {
    const stored = await this.orders.loadOwned(principal.projectId, orderId);
    this.checkSecret(principal, stored);
    return stored;
  }

  async toPay(principal: Principal, orderId: string): Promise<StoredOrder> {
    // The scope first, as the guard does on every other route: a key without it learns nothing of the order.
    const bySecret = principal.orderClientSecret !== undefined;
    if (!bySecret && principal.keyKind === 'server' && !principal.scopes.has(Scopes.ordersUpdate)) {
      throw AuthErrors.missingScope([Scopes.ordersUpdate]);
    }
    const stored = await this.orders.loadOwned(principal.projectId, orderId);
    if (bySecret) {
      this.checkSecret(principal, stored);
      return stored;
    }
    if (principal.keyKind === 'server') return stored;
    if (principal.userId === null || stored.order.buyer.userLocator !== `userId:${principal.userId}`) {
      throw new DomainException(notFound());
    }
    return stored;
  }

  private checkSecret(principal: Principal, stored: StoredOrder): void {
    const secret = principal.orderClientSecret;
    if (secret !== undefined && !clientSecretMatches(stored.order, secret)) throw wrongSecret();
  }
}
