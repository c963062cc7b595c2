// The stories and their reporting without the local sandbox (which boots the API): what the
// CLI's webhooks commands use, so `pnpm cli` does not load the API to run (ADR 0814).
export { type Report, silentReport, textReport } from './report.js';
export { type StoryContext, userEmail } from './stories/context.js';
export { createWallet, fundWallet, transfer } from './stories/wallets.js';
export { CARDS, payByCard, placeOnramp, waitForOrder } from './stories/onramp.js';
export { ACCOUNTS, type OfframpOptions, offrampStory } from './stories/offramp.js';
export { ALL_EVENT_TYPES, LOCAL_ENDPOINT_HINT, type WebhookSession, openWebhookSession } from './stories/webhooks.js';
export {
  type DeliveryHandler,
  type ReceivedDelivery,
  type WebhookReceiver,
  startWebhookReceiver,
} from './webhook-receiver.js';
export { TimedOut, waitFor } from './wait.js';
