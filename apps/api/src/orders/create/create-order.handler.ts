import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { CreateOrderBody, CreateOrderResponse } from '@paykit/contracts';
import { DomainException, type IdGenerator, conflict } from '@paykit/kernel';
import {
  type KycPreparation,
  type KycStanding,
  type Order,
  type PlaceOrder,
  clientSecretMatches,
  hashClientSecret,
  kycRequired,
  toOrderResource,
} from '@paykit/orders';
import type { Caller, ProjectContext } from '../../http/caller.js';
import type { KeyedWrite } from '../../http/idempotency/keyed-write.js';
import { Aggregates } from '../../infrastructure/aggregates/aggregates.js';
import { ID_GENERATOR } from '../../infrastructure/tokens.js';
import { IdentityVerificationService } from '../../users/identity-verification.service.js';
import { PurchaseLimits } from '../limits/purchase-limits.js';
import { onceForKey } from '../keyed-order-request.js';
import { OrderPlacement, orderIn } from '../order.aggregate.js';
import { OrderSettings } from '../providers/order-settings.js';
import { ClientSecrets } from './client-secrets.js';
import { DepositInstructions } from './deposit-instructions.js';
import { orderKycStanding } from './kyc-standing.js';
import { OrderInputs, type PricedRequest } from './order-inputs.js';

/** `POST /2022-06-09/orders` (state = create): places an order, answered with its client secret. */
export class CreateOrder extends Command<CreateOrderResponse> {
  constructor(
    readonly caller: Caller,
    readonly body: CreateOrderBody,
    readonly keyed: KeyedWrite | undefined,
  ) {
    super();
  }
}

/**
 * Spec endpoints 3 and 4: the priced request, the purchase limit, the identity check above the
 * no-KYC threshold (opened at the provider, then decided with the order in one append), the
 * client secret, and for offramp the payer's deposit transaction. With an idempotency key the
 * order's id follows from the key and placing it is the key's one write (ADR 0305): a retry
 * answers from that order.
 */
@CommandHandler(CreateOrder)
export class CreateOrderHandler implements ICommandHandler<CreateOrder> {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly inputs: OrderInputs,
    private readonly deposits: DepositInstructions,
    private readonly identity: IdentityVerificationService,
    private readonly limits: PurchaseLimits,
    private readonly settings: OrderSettings,
    private readonly clientSecrets: ClientSecrets,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async execute({ caller, body, keyed }: CreateOrder): Promise<CreateOrderResponse> {
    const { context } = caller;
    if (!keyed) return this.place(context, await this.inputs.priced(context.projectId, this.ids.uuid(), body));
    const orderId = keyed.resourceId('order');
    const place = async () => this.place(context, await this.inputs.priced(context.projectId, orderId, body), keyed);
    return onceForKey(this.aggregates, orderId, keyed, place, (order) => this.placed(order));
  }

  private async place(
    context: ProjectContext,
    { input, deposit }: PricedRequest,
    keyed?: KeyedWrite,
  ): Promise<CreateOrderResponse> {
    const { quote, buyer } = input;
    if (input.payment.method === 'card') {
      await this.limits.check({
        projectId: context.projectId,
        buyer: buyer.userLocator,
        orderId: input.orderId,
        ...quote.totalPrice,
      });
    }
    const noKycThreshold = this.settings.noKycThreshold(input.payment.currency);
    let standing: KycStanding = 'unverified';
    let inquiry: KycPreparation | undefined;
    if (kycRequired(quote.totalPrice, noKycThreshold)) {
      const check = await this.identity.openCheck(context, buyer.userLocator, input.orderId);
      standing = orderKycStanding(check);
      inquiry = check.session;
    }
    const payer = input.payment.payerAddress;
    const place: PlaceOrder = {
      create: {
        type: 'CreateOrder',
        data: {
          ...input,
          clientSecretHash: hashClientSecret(this.clientSecrets.of(input.orderId)),
          kyc: { standing, ...(noKycThreshold && { noKycThreshold }) },
          ...(deposit && {
            deposit: {
              address: deposit.address,
              memo: deposit.memo,
              ...(payer && {
                serializedTransaction: await this.deposits.serializedTransaction(
                  deposit,
                  payer,
                  quote.totalPrice.amount,
                ),
              }),
            },
          }),
        },
      },
      ...(inquiry && { inquiry }),
    };
    const placed = await this.aggregates.execute(
      OrderPlacement,
      input.orderId,
      place,
      context,
      keyed && { keyed: { write: keyed, completes: true } },
    );
    return this.placed(orderIn(placed));
  }

  /** The answer to placing `order`, the first time or again: its client secret is derived, never stored. */
  private placed(order: Order): CreateOrderResponse {
    const clientSecret = this.clientSecrets.of(order.orderId);
    if (!clientSecretMatches(order, clientSecret)) {
      // Only when the secrets key changed since the order was placed.
      throw new DomainException(
        conflict(
          'client_secret_unavailable',
          `order ${order.orderId} was placed, but its client secret can no longer be derived`,
          {
            orderId: order.orderId,
          },
        ),
      );
    }
    return { clientSecret, order: toOrderResource(order) };
  }
}
