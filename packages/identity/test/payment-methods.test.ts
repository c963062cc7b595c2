import { DeciderSpecification } from '@paykit/kernel/testing';
import { type PaymentMethodEvent, type SavedPaymentMethod, paymentMethodDecider } from '../src/index.js';

const method: SavedPaymentMethod = {
  paymentMethodId: 'pm1',
  userLocator: 'userId:ana',
  type: 'bank-account-us',
  vaultToken: 'ba_1',
  bankAccount: {
    accountSuffix: '4321',
    routingNumber: '110000000',
    bankName: 'Bank',
    accountType: 'checking',
    currency: 'usd',
    country: 'US',
    entityType: 'individual',
  },
  sealedBilling: 'sealed',
  createdAt: 't0',
};
const saved: PaymentMethodEvent = { type: 'PaymentMethodSaved', data: method };
const deleted: PaymentMethodEvent = {
  type: 'PaymentMethodDeleted',
  data: { paymentMethodId: 'pm1', userLocator: 'userId:ana', vaultToken: 'ba_1', deletedAt: 't1' },
};
const remove = { type: 'DeletePaymentMethod' as const, data: { paymentMethodId: 'pm1', at: 't1' } };

describe('payment method decider', () => {
  const spec = DeciderSpecification.for(paymentMethodDecider);

  it('saves once', () => {
    spec.given([]).when({ type: 'SavePaymentMethod', data: method }).then([saved]);
    spec.given([saved]).when({ type: 'SavePaymentMethod', data: method }).thenNothingHappened();
  });

  it('deletes a saved method, naming its vault token, and then knows it no more', () => {
    spec.given([saved]).when(remove).then([deleted]);
    spec.given([saved, deleted]).when(remove).thenFails({ kind: 'not_found' });
    spec.given([]).when(remove).thenFails({ kind: 'not_found' });
  });
});
