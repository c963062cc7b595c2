import type { AppConfig } from '../config/config.js';

export type CardPaymentSettings = Pick<AppConfig, 'APP_ENV' | 'CARD_PROCESSOR'>;

/**
 * How a browser pays an onramp order by card when the processor is Stripe (ADR 0900): the card
 * number goes from the browser to Stripe, and the API receives only Stripe's PaymentMethod id.
 */
export const cardPaymentsMarkdown = (settings: CardPaymentSettings): string =>
  [
    '## Paying by card',
    '',
    `This server's card processor: **${settings.CARD_PROCESSOR ?? (settings.APP_ENV === 'production' ? 'none' : 'sandbox')}** (CARD_PROCESSOR). With Stripe, and always in production, a card number never reaches this API (\`POST /unstable/card-tokens\` answers 400 \`card_numbers_not_accepted\`): the browser tokenizes the card with Stripe.js and the order is paid with the PaymentMethod id.`,
    '',
    '1. In the page, load Stripe.js with your publishable key and mount a card element:',
    '',
    '   ```html',
    '   <script src="https://js.stripe.com/v3/"></script>',
    '   <div id="card"></div>',
    '   <script>',
    "     const stripe = Stripe('pk_live_...');",
    "     const card = stripe.elements().create('card');",
    "     card.mount('#card');",
    '   </script>',
    '   ```',
    '',
    "2. On submit, let Stripe tokenize the card: `const { paymentMethod, error } = await stripe.createPaymentMethod({ type: 'card', card });` gives `paymentMethod.id` (`pm_...`).",
    '3. Pay the order with it, authorized by the order\'s `clientSecret` raw in `Authorization`: `POST /2022-06-09/orders/{orderId}/payment` with `{"type":"card-token","token":"pm_..."}`. The answer is the order: `completed`, `failed` with `payment.failureReason.code` payment-declined, or `in-progress` with `payment.preparation.cardVerification`.',
    "4. For 3-D Secure, send the cardholder to `payment.preparation.cardVerification.url` (Stripe's page); Stripe brings them back to STRIPE_RETURN_URL, and its signed webhook (`POST /webhooks/stripe`) records the outcome on the order.",
    '',
    "Stripe's test mode takes its test PaymentMethods directly: `pm_card_visa` succeeds, `pm_card_visa_chargeDeclined` (and `...InsufficientFunds`, `...ExpiredCard`) is declined, `pm_card_authenticationRequired` asks for 3-D Secure.",
    '',
  ].join('\n');
