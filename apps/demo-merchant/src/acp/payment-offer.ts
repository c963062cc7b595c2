import { type VersionShape } from './wire/version-shapes.js';

/** How this shop is paid: its processor's name in the protocol, its merchant id, the one handler it offers. */
export interface PaymentTerms {
  /** `payment_provider.provider` / the handler's `psp`; the protocol's enum knows only `stripe`. */
  readonly provider: string;
  /** Who the delegated payment tokens must name (`allowance.merchant_id`). */
  readonly merchantId: string;
}

export const CARD_HANDLER_ID = 'card_tokenized';
const CARD_NETWORKS = ['amex', 'discover', 'mastercard', 'visa'];

/** The tokenized-card handler of the payment handlers framework (2026-01-30), as the protocol's examples declare it. */
const cardHandler = (terms: PaymentTerms) => ({
  id: CARD_HANDLER_ID,
  name: 'dev.acp.tokenized.card',
  version: '2026-01-22',
  spec: 'https://acp.dev/handlers/tokenized.card',
  requires_delegate_payment: true,
  requires_pci_compliance: false,
  psp: terms.provider,
  config_schema: 'https://acp.dev/schemas/handlers/tokenized.card/config.json',
  instrument_schemas: ['https://acp.dev/schemas/handlers/tokenized.card/instrument.json'],
  config: {
    merchant_id: terms.merchantId,
    accepted_brands: CARD_NETWORKS,
    accepted_funding_types: ['credit', 'debit', 'prepaid'],
  },
});

/** The session's payment fields in the version's shape. */
export const paymentOffer = (shape: VersionShape, terms: PaymentTerms): Record<string, unknown> => {
  switch (shape.payment) {
    case 'provider':
      return { payment_provider: { provider: terms.provider, supported_payment_methods: ['card'] } };
    case 'provider_networks':
      return {
        payment_provider: {
          provider: terms.provider,
          supported_payment_methods: [{ type: 'card', supported_card_networks: CARD_NETWORKS }],
        },
      };
    case 'provider_merchant':
      return {
        payment_provider: {
          provider: terms.provider,
          merchant_id: terms.merchantId,
          supported_payment_methods: [{ type: 'card', supported_card_networks: CARD_NETWORKS }],
        },
      };
    case 'handlers':
      return { capabilities: { payment: { handlers: [cardHandler(terms)] } } };
  }
};
