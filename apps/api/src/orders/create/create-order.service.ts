import { Inject, Injectable } from '@nestjs/common';
import type { CreateOrderBody, CreateOrderResponse, DraftOrderResponse } from '@paykit/contracts';
import { fieldError } from '@paykit/identity';
import { type Clock, DomainException, type IdGenerator, conflict } from '@paykit/kernel';
import {
  type DraftOrderInput,
  type ExecutionParameters,
  type KycPreparation,
  type KycStanding,
  type Order,
  clientSecretMatches,
  draftOrder,
  hashClientSecret,
  kycRequired,
  normalizeExecutionParameters,
  toOrderResource,
} from '@paykit/orders';
import * as E from 'fp-ts/lib/Either.js';
import { KeyedRequestCompleted } from '../../http/idempotency/keyed-commands.js';
import type { KeyedWrite } from '../../http/idempotency/keyed-write.js';
import { CLOCK, ID_GENERATOR } from '../../infrastructure/tokens.js';
import type { ProjectContext } from '../../users/http/caller.js';
import { IdentityVerificationService } from '../../users/identity-verification.service.js';
import { PurchaseLimits } from '../limits/purchase-limits.js';
import { OrderSettings } from '../providers/order-settings.js';
import { OrderRepository } from '../store/order-repository.js';
import { ClientSecrets } from './client-secrets.js';
import { DepositInstructions, type DepositTerms } from './deposit-instructions.js';
import { orderKycStanding } from './kyc-standing.js';
import { OrderPricing, currencyMetadata, tokenMetadata } from './order-pricing.js';
import { placeOrderDecider } from './place-order.js';
import { RecipientBuyer } from './recipient-buyer.js';

export interface CreatedOrder {
  /** 201 for a placed order, 200 for a draft (nothing was created). */
  readonly status: 200 | 201;
  readonly body: CreateOrderResponse | DraftOrderResponse;
}

type LineItemBody = CreateOrderBody['lineItems'][number];

/** What the request prices and who it is for, before anything is stored. */
interface PricedRequest {
  readonly input: DraftOrderInput;
  readonly deposit?: DepositTerms;
}

/**
 * Create order (spec endpoints 3 and 4): resolves the buyer, prices the quote, and either
 * renders a draft (nothing stored, no identity check) or places the order: purchase limit,
 * identity check above the no-KYC threshold, client secret, and for offramp the deposit terms
 * and the payer's deposit transaction. With an idempotency key the order's id follows from the
 * key and placing it is the key's one write (ADR 0305): a retry answers from that order.
 */
@Injectable()
export class CreateOrderService {
  constructor(
    private readonly orders: OrderRepository,
    private readonly buyers: RecipientBuyer,
    private readonly pricing: OrderPricing,
    private readonly deposits: DepositInstructions,
    private readonly identity: IdentityVerificationService,
    private readonly limits: PurchaseLimits,
    private readonly settings: OrderSettings,
    private readonly clientSecrets: ClientSecrets,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async create(context: ProjectContext, body: CreateOrderBody, keyed?: KeyedWrite): Promise<CreatedOrder> {
    if (body.state === 'draft') {
      // A draft writes nothing, so a key has nothing to name: it is priced again each time.
      const draft = draftOrder((await this.price(context.projectId, this.ids.uuid(), body)).input);
      if (E.isLeft(draft)) throw new DomainException(draft.left);
      return { status: 200, body: { order: draft.right } };
    }
    if (!keyed) return { status: 201, body: await this.place(context, await this.price(context.projectId, this.ids.uuid(), body)) };
    const orderId = keyed.resourceId('order');
    try {
      await this.orders.checkKey(orderId, keyed);
      return { status: 201, body: await this.place(context, await this.price(context.projectId, orderId, body), keyed) };
    } catch (error) {
      if (error instanceof KeyedRequestCompleted) return { status: 201, body: this.placed(error.state as Order) };
      throw error;
    }
  }

  private async place(context: ProjectContext, { input, deposit }: PricedRequest, keyed?: KeyedWrite): Promise<CreateOrderResponse> {
    const { quote, buyer } = input;
    const onramp = input.payment.method === 'card';
    if (onramp) {
      await this.limits.check({ projectId: context.projectId, buyer: buyer.userLocator, orderId: input.orderId, ...quote.totalPrice });
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
    const create = {
      type: 'CreateOrder' as const,
      data: {
        ...input,
        clientSecretHash: hashClientSecret(this.clientSecrets.of(input.orderId)),
        kyc: { standing, ...(noKycThreshold && { noKycThreshold }) },
        ...(deposit && {
          deposit: {
            address: deposit.address,
            memo: deposit.memo,
            ...(payer && {
              serializedTransaction: await this.deposits.serializedTransaction(deposit, payer, quote.totalPrice.amount),
            }),
          },
        }),
      },
    };
    const placed = await this.orders.decide(
      input.orderId,
      placeOrderDecider,
      { create, ...(inquiry && { inquiry }) },
      context,
      keyed && { write: keyed, completes: true },
    );
    if (E.isLeft(placed)) throw new DomainException(placed.left);
    return this.placed(placed.right.order);
  }

  /** The answer to placing `order`, the first time or again: its client secret is derived, never stored. */
  private placed(order: Order): CreateOrderResponse {
    const clientSecret = this.clientSecrets.of(order.orderId);
    if (!clientSecretMatches(order, clientSecret)) {
      // Only when the secrets key changed since the order was placed.
      throw new DomainException(
        conflict('client_secret_unavailable', `order ${order.orderId} was placed, but its client secret can no longer be derived`, {
          orderId: order.orderId,
        }),
      );
    }
    return { clientSecret, order: toOrderResource(order) };
  }

  private async price(projectId: string, orderId: string, body: CreateOrderBody): Promise<PricedRequest> {
    const item = body.lineItems[0] as LineItemBody;
    const onramp = body.payment.method === 'card';
    const execution = this.execution(onramp, item);
    const common = {
      orderId,
      createdAt: this.clock.now().toISOString(),
      ...(body.locale !== undefined && { locale: body.locale }),
      payment: {
        method: body.payment.method,
        currency: body.payment.currency,
        ...(body.payment.payerAddress !== undefined && { payerAddress: body.payment.payerAddress }),
        ...(body.payment.receiptEmail !== undefined && { receiptEmail: body.payment.receiptEmail }),
      },
    };
    if (onramp) {
      const token = this.pricing.token(item.tokenLocator as string);
      const buyer = await this.buyers.ofWallet(projectId, body.recipient.walletAddress as string, token.chain);
      const quote = await this.pricing.quote(token.locator, body.payment.currency, execution);
      return {
        input: {
          ...common,
          quote,
          lineItems: [{ tokenLocator: token.locator, executionParameters: execution, metadata: tokenMetadata(token) }],
          recipient: { walletAddress: buyer.address, locator: `${token.chain.name}:${buyer.address}` },
          buyer: { userLocator: buyer.userLocator },
        },
      };
    }
    const currencyLocator = item.currencyLocator as string;
    const deposit = this.deposits.terms(body.payment.method, body.payment.currency, orderId);
    const method = await this.buyers.ofPaymentMethod(projectId, body.recipient.paymentMethodId as string);
    if (`fiat:${method.bankAccount.currency}` !== currencyLocator) {
      throw new DomainException(
        fieldError('lineItems[0].currencyLocator', `must be fiat:${method.bankAccount.currency}, the currency of the payment method`, 'currency_mismatch'),
      );
    }
    const quote = await this.pricing.quote(currencyLocator, body.payment.currency, execution);
    return {
      input: {
        ...common,
        quote,
        lineItems: [{ currencyLocator, executionParameters: execution, metadata: currencyMetadata(currencyLocator) }],
        recipient: { paymentMethodId: method.paymentMethodId },
        buyer: { userLocator: method.userLocator },
      },
      deposit,
    };
  }

  private execution(onramp: boolean, item: LineItemBody): ExecutionParameters {
    const normalized = normalizeExecutionParameters(onramp ? 'onramp' : 'offramp', item.executionParameters);
    if (E.isLeft(normalized)) throw new DomainException(fieldError('lineItems[0].executionParameters', normalized.left.message, normalized.left.code));
    return normalized.right;
  }
}
