import { Inject, Injectable } from '@nestjs/common';
import type { CreateOrderBody } from '@paykit/contracts';
import { type Clock, DomainException, fieldError, getOrThrow } from '@paykit/kernel';
import {
  type DraftOrderInput,
  type ExecutionParameters,
  checkPayoutCurrency,
  normalizeExecutionParameters,
} from '@paykit/orders';
import * as E from 'fp-ts/lib/Either.js';
import { CLOCK } from '../../infrastructure/tokens.js';
import { DepositInstructions, type DepositTerms } from './deposit-instructions.js';
import { OrderPricing, currencyMetadata, tokenMetadata } from './order-pricing.js';
import { RecipientBuyer } from './recipient-buyer.js';

type LineItemBody = CreateOrderBody['lineItems'][number];

/** What a request prices and who it is for, before anything is stored. */
export interface PricedRequest {
  readonly input: DraftOrderInput;
  /** Offramp: what the payer deposits, and where. */
  readonly deposit?: DepositTerms;
}

/**
 * A create-order request as the order decider takes it, placed or drafted alike: the buyer
 * resolved (the wallet's user for onramp, the payment method's for offramp), the line item's
 * execution normalized and priced, and for offramp the deposit terms.
 */
@Injectable()
export class OrderInputs {
  constructor(
    private readonly buyers: RecipientBuyer,
    private readonly pricing: OrderPricing,
    private readonly deposits: DepositInstructions,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async priced(projectId: string, orderId: string, body: CreateOrderBody): Promise<PricedRequest> {
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
    const payoutCurrency = method.bankAccount.currency;
    // The decider's rule, asked before pricing: a request it refuses prices nothing.
    getOrThrow(checkPayoutCurrency(currencyLocator, payoutCurrency));
    const quote = await this.pricing.quote(currencyLocator, body.payment.currency, execution);
    return {
      input: {
        ...common,
        quote,
        lineItems: [{ currencyLocator, executionParameters: execution, metadata: currencyMetadata(currencyLocator) }],
        recipient: { paymentMethodId: method.paymentMethodId, payoutCurrency },
        buyer: { userLocator: method.userLocator },
      },
      deposit,
    };
  }

  private execution(onramp: boolean, item: LineItemBody): ExecutionParameters {
    const normalized = normalizeExecutionParameters(onramp ? 'onramp' : 'offramp', item.executionParameters);
    if (E.isLeft(normalized))
      throw new DomainException(
        fieldError('lineItems[0].executionParameters', normalized.left.message, normalized.left.code),
      );
    return normalized.right;
  }
}
