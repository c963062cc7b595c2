import type { Clock, IdGenerator } from '@paykit/kernel';
import { readTask } from '../merchant-page/task-hints.js';
import { MerchantAccessBlockedError } from '../strategy/strategy-errors.js';
import type {
  CheckoutStrategy,
  PreparedCheckout,
  StrategyContext,
  StrategyOutcome,
} from '../strategy/strategy-port.js';
import { AcpClient } from './acp-client.js';
import { checkoutParty } from './buyer-details.js';
import { type AcpEndpoint, discoverAgenticCheckout } from './discovery.js';
import { type AcpCredentials, credentialFor } from './merchant-credentials.js';
import { type MerchantPage, chooseVariant, findProduct } from './product-choice.js';
import { SessionCheckout } from './session-checkout.js';

export interface AgenticCheckoutOptions {
  readonly ids: IdGenerator;
  /** Signs requests' `Timestamp`. */
  readonly clock: Clock;
  /** The deployment's credential per merchant API origin; a merchant without one gets no `Authorization`. */
  readonly credentials: AcpCredentials;
  /** Time limit of one API call. Default 15 s. */
  readonly requestTimeoutMs?: number;
  /** Time limit of the `complete` call; past it the payment is unconfirmed. Default 60 s. */
  readonly completeTimeoutMs?: number;
}

const isOutcome = (value: object): value is StrategyOutcome => 'kind' in value;

/** A checkout through the merchant's Agentic Commerce Protocol API. */
class AgenticCheckout implements PreparedCheckout {
  constructor(
    private readonly endpoint: AcpEndpoint,
    private readonly page: MerchantPage,
    private readonly options: AgenticCheckoutOptions,
  ) {}

  async run(context: StrategyContext): Promise<StrategyOutcome> {
    const hints = readTask(context.input.request.task);
    const product = await findProduct(context, this.page, hints);
    if (!product) {
      return {
        kind: 'blocked',
        code: 'merchant.no_safe_path',
        summary: 'Could not tell which product to buy from the page and the task; nothing was bought.',
      };
    }
    const variant = await chooseVariant(context, product, hints, this.page.url);
    if (isOutcome(variant)) return variant;
    const party = await checkoutParty(context);
    if (isOutcome(party)) return party;
    const credential = credentialFor(this.options.credentials, this.endpoint.apiBaseUrl);
    const client = new AcpClient({
      http: context.http,
      endpoint: this.endpoint,
      credential,
      ids: this.options.ids,
      clock: this.options.clock,
      signal: context.signal,
      ...(this.options.requestTimeoutMs ? { timeoutMs: this.options.requestTimeoutMs } : {}),
      completeTimeoutMs: this.options.completeTimeoutMs ?? 60_000,
    });
    const plan = {
      productName: product.name,
      variant,
      variants: product.variants,
      variantChosen: product.hasVariants,
      party,
      hints,
      currency: variant.price?.currency ?? context.input.constraints.maxCost.currency,
      delegation: { offered: this.endpoint.delegatePayment, merchantId: credential?.merchantId ?? null },
    };
    return new SessionCheckout(client, context, plan, this.endpoint.apiBaseUrl).run();
  }
}

/**
 * Recognises merchants that publish an agentic-checkout API: it opens the start page and
 * follows its `<link rel="agentic-checkout">` or the origin's `/.well-known/acp.json`.
 */
export const agenticCheckoutStrategy = (options: AgenticCheckoutOptions): CheckoutStrategy => ({
  name: 'agentic-checkout',
  async recognise(context) {
    const startUrl = context.input.request.startUrl;
    await context.step('Open the start page', startUrl);
    const response = await context.http.request(startUrl, { signal: context.signal });
    if (response.status === 403) throw new MerchantAccessBlockedError(response.url);
    const page = { url: response.url, html: response.status === 200 ? response.text : '' };
    await context.step('Look for an agentic checkout API', new URL('/.well-known/acp.json', response.url).href);
    const endpoint = await discoverAgenticCheckout(context.http, page, context.signal);
    if (!endpoint) return null;
    await context.tell(`Checking out through the merchant's agentic checkout API at ${endpoint.apiBaseUrl}.`);
    return new AgenticCheckout(endpoint, page, options);
  },
});
