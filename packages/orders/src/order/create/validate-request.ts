import * as E from 'fp-ts/lib/Either.js';
import { invalid, type DomainError } from '@paykit/kernel';
import { normalizeExecutionParameters, type ExecutionParameters } from '../../quote/execution-parameters.js';
import type { LineItemInput, OrderRequest } from '../commands.js';
import { orderErrors } from '../errors.js';
import type { LineItemMetadata, OrderKind, Recipient } from '../model.js';

export interface ValidLineItem {
  readonly locator: string;
  readonly chain?: string;
  readonly metadata: LineItemMetadata;
  readonly execution: ExecutionParameters;
}

export interface ValidOrderRequest {
  readonly kind: OrderKind;
  readonly locale: string;
  readonly payment: OrderRequest['payment'];
  readonly recipient: Recipient;
  readonly buyer: OrderRequest['buyer'];
  readonly lineItems: readonly [ValidLineItem];
}

export const DEFAULT_LOCALE = 'en-US';

const TOKEN_LOCATOR = /^([a-z0-9-]+):([^:\s]+)(?::([^:\s]+))?$/;
const CURRENCY_LOCATOR = /^fiat:[a-z]{3}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const orderKindOf = (paymentMethod: string): OrderKind => (paymentMethod === 'card' ? 'onramp' : 'offramp');

/** The chain named by a token locator (`chain:address[:tokenId]` or `chain:currency`), if it is one. */
export const chainOfTokenLocator = (locator: string): string | undefined => TOKEN_LOCATOR.exec(locator)?.[1];

const validateRecipient = (kind: OrderKind, recipient: OrderRequest['recipient']): E.Either<DomainError, Recipient> => {
  if (kind === 'onramp') {
    if (recipient.email !== undefined) {
      return E.left(
        invalid('recipient_email_not_supported', 'recipient.email is not supported; use recipient.walletAddress'),
      );
    }
    if (!recipient.walletAddress) {
      return E.left(invalid('recipient_wallet_required', 'recipient.walletAddress is required'));
    }
    if (recipient.paymentMethodId !== undefined) {
      return E.left(
        invalid('invalid_recipient', 'an onramp order delivers to a wallet, not to recipient.paymentMethodId'),
      );
    }
    return E.right({
      walletAddress: recipient.walletAddress,
      ...(recipient.locator && { locator: recipient.locator }),
    });
  }
  if (!recipient.paymentMethodId) {
    return E.left(
      invalid('recipient_payment_method_required', 'recipient.paymentMethodId is required for an offramp order'),
    );
  }
  if (recipient.walletAddress !== undefined || recipient.email !== undefined) {
    return E.left(invalid('invalid_recipient', 'an offramp order pays out to recipient.paymentMethodId only'));
  }
  return E.right({ paymentMethodId: recipient.paymentMethodId });
};

const validateLineItem = (kind: OrderKind, item: LineItemInput): E.Either<DomainError, ValidLineItem> => {
  const execution = normalizeExecutionParameters(kind, item.executionParameters);
  if (E.isLeft(execution)) return execution;
  if (kind === 'onramp') {
    const chain = item.tokenLocator === undefined ? undefined : chainOfTokenLocator(item.tokenLocator);
    if (!item.tokenLocator || !chain || item.currencyLocator !== undefined) {
      return E.left(
        invalid('invalid_token_locator', 'an onramp line item needs a tokenLocator of the form chain:address'),
      );
    }
    return E.right({ locator: item.tokenLocator, chain, metadata: item.metadata, execution: execution.right });
  }
  if (!item.currencyLocator || !CURRENCY_LOCATOR.test(item.currencyLocator) || item.tokenLocator !== undefined) {
    return E.left(
      invalid('invalid_currency_locator', 'an offramp line item needs a currencyLocator of the form fiat:<currency>'),
    );
  }
  return E.right({ locator: item.currencyLocator, metadata: item.metadata, execution: execution.right });
};

/**
 * An offramp pays out in the currency of the saved payment method it names. Part of the
 * request's rules; the handler also asks it as soon as it has read the method, before pricing.
 */
export const checkPayoutCurrency = (
  currencyLocator: string,
  payoutCurrency: string | undefined,
): E.Either<DomainError, string> => {
  if (payoutCurrency === undefined) return E.left(orderErrors.payoutCurrencyRequired());
  return currencyLocator === `fiat:${payoutCurrency}`
    ? E.right(currencyLocator)
    : E.left(orderErrors.currencyMismatch(payoutCurrency));
};

/**
 * The business rules of an order request, shared by order creation and draft quotes, so a
 * draft and a placed order never disagree.
 */
export const validateOrderRequest = (request: OrderRequest): E.Either<DomainError, ValidOrderRequest> => {
  const kind = orderKindOf(request.payment.method);
  const [only, ...others] = request.lineItems;
  if (!only || others.length > 0) {
    return E.left(invalid('invalid_line_items', `an ${kind} order takes exactly one line item`));
  }
  if (request.payment.receiptEmail !== undefined && !EMAIL.test(request.payment.receiptEmail)) {
    return E.left(invalid('invalid_receipt_email', 'payment.receiptEmail must be an email address'));
  }
  if (kind === 'onramp' && request.payment.payerAddress !== undefined) {
    return E.left(invalid('invalid_payer_address', 'payment.payerAddress applies to crypto payments only'));
  }
  const recipient = validateRecipient(kind, request.recipient);
  if (E.isLeft(recipient)) return recipient;
  const lineItem = validateLineItem(kind, only);
  if (E.isLeft(lineItem)) return lineItem;
  if (kind === 'offramp') {
    const payout = checkPayoutCurrency(lineItem.right.locator, request.recipient.payoutCurrency);
    if (E.isLeft(payout)) return payout;
  }
  return E.right({
    kind,
    locale: request.locale ?? DEFAULT_LOCALE,
    payment: request.payment,
    recipient: recipient.right,
    buyer: request.buyer,
    lineItems: [lineItem.right],
  });
};

export const isEmailAddress = (value: string): boolean => EMAIL.test(value);
