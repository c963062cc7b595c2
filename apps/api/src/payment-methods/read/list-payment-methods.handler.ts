import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ListPaymentMethodsQuery, PaymentMethodPage } from '@paykit/contracts';
import { parseUserLocator } from '@paykit/identity';
import { getOrThrow } from '@paykit/kernel';
import { keysetPage } from '../../http/pagination/keyset-page.js';
import { SignedCursors } from '../../http/pagination/signed-cursors.js';
import { PaymentMethodsReadModel } from '../payment-methods.read-model.js';
import { SavedPaymentMethods } from '../saved-payment-methods.js';

/** `GET /unstable/payment-methods`: oldest first, optionally one user's; cursors keep the filter. */
export class ListPaymentMethods extends Query<PaymentMethodPage> {
  constructor(
    readonly projectId: string,
    readonly query: ListPaymentMethodsQuery,
  ) {
    super();
  }
}

@QueryHandler(ListPaymentMethods)
export class ListPaymentMethodsHandler implements IQueryHandler<ListPaymentMethods> {
  constructor(
    private readonly saved: SavedPaymentMethods,
    private readonly readModel: PaymentMethodsReadModel,
    private readonly cursors: SignedCursors,
  ) {}

  async execute({ projectId, query }: ListPaymentMethods): Promise<PaymentMethodPage> {
    const userLocator = query.userLocator === undefined ? undefined : getOrThrow(parseUserLocator(query.userLocator));
    await this.saved.waitForOwnWrites(projectId);
    const defaults = new Map<string, string | null>();
    const defaultOf = (user: string) => {
      if (!defaults.has(user)) defaults.set(user, this.readModel.defaultOf(projectId, user));
      return defaults.get(user);
    };
    return keysetPage({
      cursors: this.cursors,
      binding: `payment-methods\n${projectId}\n${userLocator ?? '*'}`,
      cursor: query.cursor,
      limit: query.limit,
      isKey: (value): value is number => Number.isSafeInteger(value),
      source: this.readModel.source(projectId, userLocator),
      present: (row) => ({ ...row.resource, default: defaultOf(row.userLocator) === row.resource.paymentMethodId }),
    });
  }
}
