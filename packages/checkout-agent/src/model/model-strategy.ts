import type { CheckoutStrategy } from '../strategy/strategy-port.js';
import type { ChatModel } from './chat-model.js';
import type { OpenModelBrowser } from './model-browser.js';
import { ModelCheckout } from './model-checkout.js';

export type { ModelBrowser, OpenModelBrowser } from './model-browser.js';

export interface ModelStrategyOptions {
  readonly model: ChatModel;
  readonly openBrowser: OpenModelBrowser;
  /** Model replies per run before it counts as giving up. Default 40 (the run's step budget also applies). */
  readonly maxTurns?: number;
  /** Replies in a row that name no usable action before the run fails. Default 3. */
  readonly maxUnusableReplies?: number;
}

/**
 * A browser checkout driven by a chat model (AGENT_CHECKOUT_MODEL_URL): each turn the model reads
 * a compact summary of the page and picks one action. It pays only through `pay`, which the
 * strategy carries out (startPayment first, the card-vault token typed by the strategy, never
 * shown to the model). Anything the model cannot do ends the run `failed` / `model_error`.
 */
export const modelCheckoutStrategy = (options: ModelStrategyOptions): CheckoutStrategy => ({
  name: 'model',
  recognise: async () => ({
    run: (context) =>
      new ModelCheckout(context, {
        model: options.model,
        openBrowser: options.openBrowser,
        maxTurns: options.maxTurns ?? 40,
        maxUnusableReplies: options.maxUnusableReplies ?? 3,
      }).run(),
  }),
});
