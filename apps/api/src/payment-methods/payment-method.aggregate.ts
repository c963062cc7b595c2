import { paymentMethodDecider, paymentMethodStream } from '@paykit/identity';
import { aggregateType } from '../infrastructure/aggregates/aggregate-type.js';

/** A saved payout bank account: stream `payment_method-<id>`. */
export const PaymentMethodAggregate = aggregateType({
  name: 'payment method',
  decider: paymentMethodDecider,
  streamName: paymentMethodStream,
});
