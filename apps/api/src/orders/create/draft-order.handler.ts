import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { CreateOrderBody, DraftOrderResponse } from '@paykit/contracts';
import { type IdGenerator, getOrThrow } from '@paykit/kernel';
import { draftOrder } from '@paykit/orders';
import { ID_GENERATOR } from '../../infrastructure/tokens.js';
import { OrderInputs } from './order-inputs.js';

/**
 * `POST /2022-06-09/orders` with state = draft: the quote the order would get, by the rules a
 * placed order follows. Nothing is stored and no identity check starts, so a key has nothing
 * to name: a draft is priced again each time.
 */
export class QuoteDraftOrder extends Query<DraftOrderResponse> {
  constructor(
    readonly projectId: string,
    readonly body: CreateOrderBody,
  ) {
    super();
  }
}

@QueryHandler(QuoteDraftOrder)
export class QuoteDraftOrderHandler implements IQueryHandler<QuoteDraftOrder> {
  constructor(
    private readonly inputs: OrderInputs,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async execute({ projectId, body }: QuoteDraftOrder): Promise<DraftOrderResponse> {
    const { input } = await this.inputs.priced(projectId, this.ids.uuid(), body);
    return { order: getOrThrow(draftOrder(input)) };
  }
}
