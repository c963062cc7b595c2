import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { PaymentMethodResponse } from '@paykit/contracts';
import { DomainException, notFound } from '@paykit/kernel';
import { SavedPaymentMethods } from '../saved-payment-methods.js';

/** `GET /unstable/payment-methods/{id}`: a method of the caller's project (another project's is a 404). */
export class GetPaymentMethod extends Query<PaymentMethodResponse> {
  constructor(
    readonly projectId: string,
    readonly paymentMethodId: string,
  ) {
    super();
  }
}

@QueryHandler(GetPaymentMethod)
export class GetPaymentMethodHandler implements IQueryHandler<GetPaymentMethod> {
  constructor(private readonly saved: SavedPaymentMethods) {}

  async execute({ projectId, paymentMethodId }: GetPaymentMethod): Promise<PaymentMethodResponse> {
    const method = await this.saved.get(projectId, paymentMethodId);
    if (!method) throw new DomainException(notFound());
    await this.saved.waitForOwnWrites(projectId);
    return this.saved.present(projectId, method);
  }
}
