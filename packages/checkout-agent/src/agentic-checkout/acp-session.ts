/**
 * A checkout session as this client reads it, from any version of the protocol: where versions
 * differ (line item quantities, fulfillment names, option prices, payment declarations) every
 * known place is read, and unknown fields are ignored. Amounts stay integers in minor units.
 */
export interface AcpMessage {
  readonly type: 'info' | 'warning' | 'error';
  readonly code: string | null;
  readonly param: string | null;
  readonly content: string;
}

export interface FulfillmentOption {
  readonly id: string;
  readonly title: string;
  readonly amount: number;
  /** ISO timestamp of the latest delivery, when the merchant gives one. */
  readonly latestDelivery: string | null;
}

/** How the merchant wants to be paid: `payment_provider` (up to 2026-01-16) or a card handler (2026-01-30). */
export interface PaymentDeclaration {
  readonly provider: string | null;
  readonly merchantId: string | null;
  readonly handlerId: string | null;
  /** The handler says the token must come from the merchant's delegate_payment. */
  readonly requiresDelegation: boolean;
}

export interface AcpSession {
  readonly id: string;
  readonly status: string;
  /** Uppercase ISO 4217 code. */
  readonly currency: string;
  /** `id` is the line item's own id (what `item_ids` name), `itemId` the item bought. */
  readonly lineItems: readonly { readonly id: string | null; readonly itemId: string; readonly quantity: number }[];
  readonly fulfillmentOptions: readonly FulfillmentOption[];
  readonly selectedOptionId: string | null;
  /** `totals[type=total].amount`, in minor units. */
  readonly total: number | null;
  readonly messages: readonly AcpMessage[];
  readonly payment: PaymentDeclaration;
  readonly orderId: string | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const int = (value: unknown): number | null =>
  typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
const quantity = (value: unknown): number | null =>
  typeof value === 'number' && value > 0 && Number.isFinite(value) ? value : null;

const totalOf = (totals: unknown, type: string): number | null =>
  int(objects(totals).find((total) => total.type === type)?.amount);

/** An option's price: its `total`, else what it adds (`fulfillment`, plus `tax` and `fee` when listed), else a flat `total`. */
const optionAmount = (option: Json): number | null => {
  const listed = totalOf(option.totals, 'total');
  if (listed !== null) return listed;
  const parts = ['fulfillment', 'tax', 'fee'].map((type) => totalOf(option.totals, type));
  if (parts[0] !== null) return parts.reduce<number>((sum, part) => sum + (part ?? 0), 0);
  return int(option.total);
};

const readOption = (option: Json): FulfillmentOption | null => {
  const id = str(option.id);
  const amount = optionAmount(option);
  if (!id || amount === null) return null;
  return { id, title: str(option.title) ?? id, amount, latestDelivery: str(option.latest_delivery_time) };
};

const readMessage = (message: Json): AcpMessage => ({
  type: message.type === 'error' ? 'error' : message.type === 'warning' ? 'warning' : 'info',
  code: str(message.code),
  param: str(message.param),
  content: str(message.content) ?? '',
});

const CARD_HANDLER = 'dev.acp.tokenized.card';

const readPayment = (body: Json): PaymentDeclaration => {
  const provider = isObject(body.payment_provider) ? body.payment_provider : {};
  const capabilities = isObject(body.capabilities) ? body.capabilities : {};
  const handlers = objects(isObject(capabilities.payment) ? capabilities.payment.handlers : undefined);
  const handler = handlers.find((candidate) => candidate.name === CARD_HANDLER);
  const config = handler && isObject(handler.config) ? handler.config : {};
  return {
    provider: str(provider.provider) ?? (handler ? str(handler.psp) : null),
    merchantId: str(provider.merchant_id) ?? str(config.merchant_id),
    handlerId: handler ? str(handler.id) : null,
    requiresDelegation: handler?.requires_delegate_payment === true,
  };
};

const readSelected = (body: Json): string | null => {
  const [first] = objects(body.selected_fulfillment_options);
  return (
    str(body.fulfillment_option_id) ??
    str(first?.option_id) ??
    (isObject(first?.shipping) ? str(first.shipping.option_id) : null)
  );
};

/** Null when the body is not a checkout session at all. */
export const readSession = (body: unknown): AcpSession | null => {
  if (!isObject(body) || typeof body.id !== 'string' || typeof body.status !== 'string') return null;
  return {
    id: body.id,
    status: body.status,
    currency: (str(body.currency) ?? '').toUpperCase(),
    lineItems: objects(body.line_items).flatMap((line) => {
      const item = isObject(line.item) ? line.item : {};
      const itemId = str(item.id);
      // 2026-01-30 moved the quantity from the item to the line item.
      return itemId
        ? [{ id: str(line.id), itemId, quantity: quantity(line.quantity) ?? quantity(item.quantity) ?? 1 }]
        : [];
    }),
    fulfillmentOptions: objects(body.fulfillment_options).flatMap((option) => readOption(option) ?? []),
    selectedOptionId: readSelected(body),
    total: totalOf(body.totals, 'total'),
    messages: objects(body.messages).map(readMessage),
    payment: readPayment(body),
    orderId: isObject(body.order) ? str(body.order.id) : null,
  };
};

/** The protocol's flat error body. */
export interface AcpError {
  readonly type: string;
  readonly code: string;
  readonly message: string;
  readonly param: string | null;
}

export const readError = (body: unknown): AcpError => {
  const error = isObject(body) ? body : {};
  return {
    type: str(error.type) ?? 'processing_error',
    code: str(error.code) ?? 'unknown',
    message: str(error.message) ?? 'The merchant refused the request',
    param: str(error.param),
  };
};
