import { type Catalogue } from '../catalogue/catalogue.js';
import { formatUsd } from '../pricing/money.js';
import { type LineIssue, type Quote } from '../pricing/quote.js';
import { type AcpSession } from './session.js';

/**
 * A message of the protocol: a closed shape in every version, so an unchosen variant is
 * described in words (its sizes and their item ids) for the client to put to the user.
 */
export interface AcpMessage {
  readonly type: 'info' | 'error';
  readonly code?: 'missing' | 'invalid' | 'out_of_stock' | 'payment_declined';
  readonly param?: string;
  readonly content_type: 'plain';
  readonly content: string;
}

/** What the shopper (or agent) has to know or fix before this session can be paid. */
export const sessionMessages = (
  session: AcpSession,
  quote: Quote,
  catalogue: Catalogue,
  addressPath: string,
): AcpMessage[] => {
  if (session.state !== 'open') return [];
  const messages = quote.issues.map((issue) => lineMessage(issue, quote, catalogue, addressPath));
  if (!session.address) {
    messages.push({
      type: 'error',
      code: 'missing',
      param: addressPath,
      content_type: 'plain',
      content: 'A shipping address is required.',
    });
  } else if (quote.countryNotServed) {
    messages.push({
      type: 'error',
      code: 'invalid',
      param: `${addressPath}.country`,
      content_type: 'plain',
      content: `We do not ship to ${session.address.country}.`,
    });
  } else if (session.shippingOptionId && quote.shipping && quote.shipping.id !== session.shippingOptionId) {
    messages.push({
      type: 'info',
      param: '$.fulfillment_options',
      content_type: 'plain',
      content: `Shipping option ${session.shippingOptionId} is not available; ${quote.shipping.title} was selected.`,
    });
  }
  if (session.paymentError) {
    messages.push({
      type: 'error',
      code: 'payment_declined',
      param: '$.payment_data',
      content_type: 'plain',
      content: session.paymentError,
    });
  }
  return messages;
};

const lineMessage = (issue: LineIssue, quote: Quote, catalogue: Catalogue, addressPath: string): AcpMessage => {
  const line = quote.lines[issue.line];
  const name = line?.product.name ?? 'This item';
  const param = `$.line_items[${issue.line}]`;
  switch (issue.kind) {
    case 'needs_variant': {
      const listed = issue.product.variants
        .map(
          (variant) =>
            `${variant.size ?? variant.sku} (${variant.sku}${catalogue.inStock(variant.sku, line?.quantity ?? 1) ? '' : ', out of stock'})`,
        )
        .join(', ');
      return {
        type: 'error',
        code: 'missing',
        param: `${param}.item.id`,
        content_type: 'plain',
        content: `Choose a size for ${name}: ${listed}.`,
      };
    }
    case 'out_of_stock':
      return {
        type: 'error',
        code: 'out_of_stock',
        param,
        content_type: 'plain',
        content: issue.available > 0 ? `Only ${issue.available} of ${name} left in stock.` : `${name} is out of stock.`,
      };
    case 'not_shippable':
      return {
        type: 'error',
        code: 'invalid',
        param: addressPath,
        content_type: 'plain',
        content: `${name} cannot be shipped to ${issue.country}.`,
      };
    case 'price_changed':
      return {
        type: 'info',
        param,
        content_type: 'plain',
        content: `The price of ${name} changed from ${formatUsd(issue.from)} to ${formatUsd(issue.to)}.`,
      };
  }
};
