import config from 'config';
import { registerPaymentMethod } from '@evershop/evershop/checkout/services';

/** Registers the typed-card payment method and the payment statuses its authorizations set. */
export default async () => {
  registerPaymentMethod({
    init: async () => ({ code: 'paykit_card', name: 'Credit or debit card' }),
    // EverShop 2.2.1 rejects a method without a validator, though its documentation calls it optional.
    validator: async () => true,
  });
  config.util.setModuleDefaults('oms', {
    order: {
      paymentStatus: {
        card_authorized: { name: 'Authorized', isDefault: false, isCancelable: true, badge: 'success' },
        card_declined: { name: 'Declined', isDefault: false, isCancelable: true, badge: 'critical' },
      },
      psoMapping: { 'card_authorized:*': 'processing', 'card_declined:*': 'new' },
    },
  });
};
