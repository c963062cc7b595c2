import { type Catalogue } from '../catalogue/catalogue.js';
import { formatUsd } from '../pricing/money.js';
import { type LineIssue, type Quote } from '../pricing/quote.js';
import { type AcpSession } from './session.js';

/**
 * A message of the protocol. `required_option` is this shop's extension on `missing` messages
 * for an unchosen variant: the choices a client can put to the user as a question.
 */
export interface AcpMessage {
  readonly type: 'info' | 'error';
  readonly code?: 'missing' | 'invalid' | 'out_of_stock' | 'payment_declined';
  readonly param?: string;
  readonly content_type: 'plain';
  readonly content: string;
  readonly required_option?: RequiredOption;
}

export interface RequiredOption {
  readonly name: 'size';
  readonly values: readonly { readonly value: string; readonly item_id: string; readonly available: boolean }[];
}

/** What the shopper (or agent) has to know or fix before this session can be paid. */
export const sessionMessages = (session: AcpSession, quote: Quote, catalogue: Catalogue, addressPath: string): AcpMessage[] => {
  if (session.state !== 'open') return [];
  const messages = quote.issues.map((issue) => lineMessage(issue, quote, catalogue, addressPath));
  if (!session.address) {
    messages.push({ type: 'error', code: 'missing', param: addressPath, content_type: 'plain', content: 'A shipping address is required.' });
  } else if (quote.countryNotServed) {
    messages.push({
      type: 'error',
      code: 'invalid',
      param: `${addressPath}.country`,
      content_type: 'plain',
      content: `We do not ship to ${session.address.country}.`,
    });
  } else if (session.shippingOptionId && quote.shipping && quote.shipping.id !== session.shippingOptionId) {
    messages.push({ type: 'info', param: '$.fulfillment_options', content_type: 'plain', content: `Shipping option ${session.shippingOptionId} is not available; ${quote.shipping.title} was selected.` });
  }
  if (session.paymentError) {
    messages.push({ type: 'error', code: 'payment_declined', param: '$.payment_data', content_type: 'plain', content: session.paymentError });
  }
  return messages;
};

const lineMessage = (issue: LineIssue, quote: Quote, catalogue: Catalogue, addressPath: string): AcpMessage => {
  const line = quote.lines[issue.line];
  const name = line?.product.name ?? 'This item';
  const param = `$.line_items[${issue.line}]`;
  switch (issue.kind) {
    case 'needs_variant': {
      const values = issue.product.variants.map((variant) => ({
        value: variant.size ?? variant.sku,
        item_id: variant.sku,
        available: catalogue.inStock(variant.sku, line?.quantity ?? 1),
      }));
      const listed = values.map((value) => `${value.value} (${value.item_id}${value.available ? '' : ', out of stock'})`).join(', ');
      return {
        type: 'error',
        code: 'missing',
        param: `${param}.item.id`,
        content_type: 'plain',
        content: `Choose a size for ${name}: ${listed}.`,
        required_option: { name: 'size', values },
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
      return { type: 'error', code: 'invalid', param: addressPath, content_type: 'plain', content: `${name} cannot be shipped to ${issue.country}.` };
    case 'price_changed':
      return { type: 'info', param, content_type: 'plain', content: `The price of ${name} changed from ${formatUsd(issue.from)} to ${formatUsd(issue.to)}.` };
  }
};
