import type { StrategyOutcome } from '../strategy/strategy-port.js';
import type { AcpAnswer } from './acp-client.js';
import type { AcpSession } from './acp-session.js';

/** What stands between a session and its payment. */
export type SessionProblem =
  /** The merchant needs a line's item made precise (a size, a colour): its words are put to the user. */
  | { readonly kind: 'choose_item'; readonly line: number; readonly question: string }
  | { readonly kind: 'blocked'; readonly outcome: StrategyOutcome };

const FULFILLMENT_PARAMS = ['$.fulfillment_address', '$.fulfillment_details'];

const blocked = (code: Extract<StrategyOutcome, { kind: 'blocked' }>['code'], summary: string): SessionProblem => ({
  kind: 'blocked',
  outcome: { kind: 'blocked', code, summary },
});

const LINE_PARAM = /^\$\.line_items\[(\d+)\]/;

/**
 * Reads the merchant's messages the way the protocol means them: out of stock, a variant to
 * choose, an address it cannot deliver to, or any other error. `variantChosen` tells an
 * unavailable chosen option (size M) from an unavailable product.
 */
export const problemOf = (
  session: AcpSession,
  context: { readonly variantChosen: boolean; readonly productName: string },
): SessionProblem | null => {
  for (const message of session.messages) {
    if (message.type !== 'error') continue;
    if (message.code === 'out_of_stock') {
      return context.variantChosen
        ? blocked(
            'product.requested_option_unavailable',
            `The chosen option of ${context.productName} is out of stock: ${message.content} Nothing was bought.`,
          )
        : blocked(
            'product.item_unavailable',
            `${context.productName} is out of stock: ${message.content} Nothing was bought.`,
          );
    }
    const line = LINE_PARAM.exec(message.param ?? '');
    if (message.code === 'missing' && line)
      return { kind: 'choose_item', line: Number(line[1]), question: message.content };
    if (message.code === 'invalid' && FULFILLMENT_PARAMS.some((param) => message.param?.startsWith(param))) {
      return blocked(
        'merchant.fulfillment_unavailable',
        `The merchant cannot deliver to the buyer's address: ${message.content} Nothing was bought.`,
      );
    }
    if (message.code === 'payment_declined') continue;
    return blocked(
      'merchant.checkout_error',
      `The merchant reported a problem with the checkout: ${message.content} Nothing was bought.`,
    );
  }
  if (session.fulfillmentOptions.length === 0) {
    return blocked(
      'merchant.fulfillment_unavailable',
      "The merchant offers no delivery to the buyer's address; nothing was bought.",
    );
  }
  return null;
};

/** A refused create or update (an HTTP error from the API) as the run's outcome. */
export const refusalOutcome = (answer: Extract<AcpAnswer, { ok: false }>): StrategyOutcome => {
  const { error, status } = answer;
  if (status === 401) {
    return {
      kind: 'blocked',
      code: 'merchant.access_blocked',
      summary: 'The merchant requires credentials this agent does not have; nothing was bought.',
    };
  }
  if (status === 400 && /^\$\.(line_)?items\[\d+\]\.id$/.test(error.param ?? '')) {
    return {
      kind: 'blocked',
      code: 'product.item_unavailable',
      summary: `The merchant does not sell this item: ${error.message} Nothing was bought.`,
    };
  }
  return {
    kind: 'blocked',
    code: 'merchant.checkout_error',
    summary: `The merchant refused the checkout (HTTP ${status}, ${error.code}): ${error.message} Nothing was bought.`,
  };
};
