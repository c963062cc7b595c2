import { checkoutRunDecider, checkoutRunStreamName } from '@paykit/checkout-runs';
import { aggregateType } from '../../infrastructure/aggregates/aggregate-type.js';

/** An agent checkout run: stream `checkoutRun-<runId>`, written by the API and by runners. */
export const CheckoutRunAggregate = aggregateType({
  name: 'checkout run',
  decider: checkoutRunDecider,
  streamName: checkoutRunStreamName,
});
