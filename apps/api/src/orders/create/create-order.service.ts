import { Inject, Injectable } from '@nestjs/common';
import type { CreateOrderBody, CreateOrderResponse, DraftOrderResponse } from '@paykit/contracts';
import { fieldError } from '@paykit/identity';
import { type Clock, DomainException, type IdGenerator, randomToken } from '@paykit/kernel';
import {
  type DraftOrderInput,
  type ExecutionParameters,
  type KycPreparation,
  type KycStanding,
  draftOrder,
  hashClientSecret,
  kycRequired,
  normalizeExecutionParameters,
  paymentStatus,
  toOrderResource,
} from '@paykit/orders';
import * as E from 'fp-ts/lib/Either.js';
import { CLOCK, ID_GENERATOR } from '../../infrastructure/tokens.js';
import type { ProjectContext } from '../../users/http/caller.js';
import { IdentityVerificationService } from '../../users/identity-verification.service.js';
import { PurchaseLimits } from '../limits/purchase-limits.js';
import { OrderSettings } from '../providers/order-settings.js';
import { OrderRepository } from '../store/order-repository.js';
import { DepositInstructions, type DepositTerms } from './deposit-instructions.js';
import { orderKycStanding } from './kyc-standing.js';
import { OrderPricing, currencyMetadata, tokenMetadata } from './order-pricing.js';
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
 * and the payer's deposit transaction.
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
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  async create(context: ProjectContext, body: CreateOrderBody): Promise<CreatedOrder> {
    const orderId = this.ids.uuid();
    const priced = await this.price(context.projectId, orderId, body);
    if (body.state === 'draft') {
      const draft = draftOrder(priced.input);
      if (E.isLeft(draft)) throw new DomainException(draft.left);
      return { status: 200, body: { order: draft.right } };
    }
    return { status: 201, body: await this.place(context, priced) };
  }

  private async place(context: ProjectContext, { input, deposit }: PricedRequest): Promise<CreateOrderResponse> {
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
    const clientSecret = `${input.orderId}_secret_${randomToken(24)}`;
    const payer = input.payment.payerAddress;
    const created = await this.orders.handle(
      input.orderId,
      {
        type: 'CreateOrder',
        data: {
          ...input,
          clientSecretHash: hashClientSecret(clientSecret),
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
      },
      context,
    );
    let order = created.order;
    if (inquiry && paymentStatus(order) === 'requires-kyc') {
      order = (await this.orders.handle(input.orderId, { type: 'StartKycInquiry', data: { inquiry } }, context)).order;
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
