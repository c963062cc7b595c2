export { type TourOptions, type TourResult, runTour } from './tour.js';
export { type LocalSandbox, FAST_SANDBOX_ENV, startLocalSandbox } from './sandbox.js';
export { type Report, silentReport, textReport } from './report.js';
export { type StoryContext, userEmail } from './stories/context.js';
export { createWallet, fundWallet, transfer } from './stories/wallets.js';
export { CARDS, payByCard, placeOnramp, waitForOrder } from './stories/onramp.js';
export { ACCOUNTS, type OfframpOptions, offrampStory } from './stories/offramp.js';
export { agentCheckoutStory } from './stories/agent-checkout.js';
export { ALL_EVENT_TYPES, LOCAL_ENDPOINT_HINT, type WebhookSession, openWebhookSession } from './stories/webhooks.js';
export {
  type DeliveryHandler,
  type ReceivedDelivery,
  type WebhookReceiver,
  startWebhookReceiver,
} from './webhook-receiver.js';
export { TimedOut, waitFor } from './wait.js';
