import * as E from 'fp-ts/lib/Either.js';
import { Decimal, invalid, type DomainError, type Money } from '@paykit/kernel';
import type { CreateOrder, DraftOrderInput } from '../commands.js';
import { orderErrors } from '../errors.js';
import type { OrderCreated, OrderEvent } from '../events.js';
import type { KycStanding, OrderState } from '../model.js';
import { checkQuoteFits } from '../quote-fit.js';
import { validateOrderRequest, type ValidOrderRequest } from './validate-request.js';
import { parseIsoTimestamp } from '@paykit/kernel';

/** An identity check is needed above the threshold, and always without a comparable one. */
export const kycRequired = (total: Money, noKycThreshold: Money | undefined): boolean =>
  !noKycThreshold || noKycThreshold.currency !== total.currency || new Decimal(total.amount).gt(noKycThreshold.amount);

/** What placing an order adds to a draft; a draft passes none and needs no deposit. */
interface Placement {
  readonly clientSecretHash: string;
  readonly kyc: { readonly required: boolean; readonly standing: KycStanding };
  readonly deposit?: CreateOrder['data']['deposit'];
}

const DRAFT: Placement = { clientSecretHash: '', kyc: { required: false, standing: 'unverified' } };

const checkDeposit = (
  request: ValidOrderRequest,
  deposit: CreateOrder['data']['deposit'],
): E.Either<DomainError, CreateOrder['data']['deposit']> => {
  if (request.kind === 'onramp') return E.right(undefined);
  if (!deposit) {
    return E.left(invalid('deposit_instructions_required', 'an offramp order needs a deposit address and memo'));
  }
  if (!request.payment.payerAddress) return E.right({ address: deposit.address, memo: deposit.memo });
  if (!deposit.serializedTransaction) {
    return E.left(
      invalid('serialized_transaction_required', "an offramp order with a payer needs the payer's deposit transaction"),
    );
  }
  return E.right(deposit);
};

/**
 * Validates an order request with its quote and builds the event that places it. Drafts take
 * the same path, so a draft quote and a placed order never disagree.
 */
const buildOrderCreated = (input: DraftOrderInput, placement: Placement): E.Either<DomainError, OrderCreated> => {
  const validated = validateOrderRequest(input);
  if (E.isLeft(validated)) return validated;
  const request = validated.right;
  const deposit = placement === DRAFT ? E.right(undefined) : checkDeposit(request, placement.deposit);
  if (E.isLeft(deposit)) return deposit;
  const createdAt = parseIsoTimestamp(input.createdAt);
  if (createdAt === null) return E.left(orderErrors.invalidTimestamp('createdAt'));
  const quote = checkQuoteFits(input.quote, request.lineItems, request.payment.currency);
  if (E.isLeft(quote)) return quote;
  if (createdAt >= Date.parse(input.quote.expiresAt)) return E.left(orderErrors.quoteExpired(input.quote.expiresAt));
  const { payment } = request;
  return E.right({
    type: 'OrderCreated',
    data: {
      orderId: input.orderId,
      kind: request.kind,
      createdAt: input.createdAt,
      locale: request.locale,
      buyer: request.buyer,
      clientSecretHash: placement.clientSecretHash,
      recipient: request.recipient,
      payment: {
        method: payment.method,
        currency: payment.currency,
        ...(payment.receiptEmail && { receiptEmail: payment.receiptEmail }),
        ...(payment.payerAddress && { payerAddress: payment.payerAddress }),
      },
      ...(deposit.right && { deposit: deposit.right }),
      kyc: placement.kyc,
      lineItems: request.lineItems,
      quote: input.quote,
    },
  });
};

export const decideCreateOrder = (
  { data }: CreateOrder,
  state: OrderState,
): E.Either<DomainError, readonly OrderEvent[]> => {
  if (state) return E.left(orderErrors.alreadyExists(state.orderId));
  const created = buildOrderCreated(data, {
    clientSecretHash: data.clientSecretHash,
    kyc: { required: kycRequired(data.quote.totalPrice, data.kyc.noKycThreshold), standing: data.kyc.standing },
    ...(data.deposit && { deposit: data.deposit }),
  });
  return E.map((event: OrderCreated) => [event])(created);
};

/** The event a draft would have produced; never appended, only folded for its resource. */
export const draftOrderCreated = (input: DraftOrderInput): E.Either<DomainError, OrderCreated> =>
  buildOrderCreated(input, DRAFT);
