import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import { decideAuthorizeCardPayment, decideRecordCardPaymentResult } from './card-payment.js';
import type { OrderCommand } from './commands.js';
import { decideCreateOrder } from './create/create-order.js';
import { decideRecordCryptoDeposit } from './crypto-deposit.js';
import { decideCompleteDelivery, decideFailDelivery, decideStartDelivery } from './delivery.js';
import { orderErrors } from './errors.js';
import type { OrderEvent } from './events.js';
import { decideRecordKycOutcome, decideStartKycInquiry } from './kyc.js';
import type { Order, OrderState } from './model.js';
import { decideProvideCryptoPayer, decideProvideReceiptEmail, decideRecordPayerFunds } from './payer-details.js';
import { decideExpireQuote, decideRequote } from './quote-lifecycle.js';
import { decideRefund } from './refund.js';

type Decision = E.Either<DomainError, readonly OrderEvent[]>;

const decideForOrder = (command: Exclude<OrderCommand, { type: 'CreateOrder' }>, order: Order): Decision => {
  switch (command.type) {
    case 'ExpireQuote':
      return decideExpireQuote(command, order);
    case 'Requote':
      return decideRequote(command, order);
    case 'StartKycInquiry':
      return decideStartKycInquiry(command, order);
    case 'RecordKycOutcome':
      return decideRecordKycOutcome(command, order);
    case 'ProvideReceiptEmail':
      return decideProvideReceiptEmail(command, order);
    case 'ProvideCryptoPayer':
      return decideProvideCryptoPayer(command, order);
    case 'RecordPayerFunds':
      return decideRecordPayerFunds(command, order);
    case 'AuthorizeCardPayment':
      return decideAuthorizeCardPayment(command, order);
    case 'RecordCardPaymentResult':
      return decideRecordCardPaymentResult(command, order);
    case 'RecordCryptoDeposit':
      return decideRecordCryptoDeposit(command, order);
    case 'StartDelivery':
      return decideStartDelivery(command, order);
    case 'CompleteDelivery':
      return decideCompleteDelivery(command, order);
    case 'FailDelivery':
      return decideFailDelivery(command, order);
    case 'Refund':
      return decideRefund(command, order);
  }
};

export const decide = (command: OrderCommand, state: OrderState): Decision => {
  if (command.type === 'CreateOrder') return decideCreateOrder(command, state);
  return state ? decideForOrder(command, state) : E.left(orderErrors.notFound());
};
