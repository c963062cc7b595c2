/**
 * A checkout session as this client reads it, from either generation of the protocol's
 * field names. Amounts stay integers in minor units, as the protocol sends them.
 */
export interface AcpMessage {
  readonly type: 'info' | 'error';
  readonly code: string | null;
  readonly param: string | null;
  readonly content: string;
  /** The demo merchant's extension on a `missing` variant: the choices to put to the user. */
  readonly requiredOption: RequiredOption | null;
}

export interface RequiredOption {
  readonly name: string;
  readonly values: readonly { readonly value: string; readonly itemId: string; readonly available: boolean }[];
}

export interface FulfillmentOption {
  readonly id: string;
  readonly title: string;
  readonly amount: number;
  /** ISO timestamp of the latest delivery, when the merchant gives one. */
  readonly latestDelivery: string | null;
}

export interface AcpSession {
  readonly id: string;
  readonly status: string;
  /** Uppercase ISO 4217 code. */
  readonly currency: string;
  readonly lineItems: readonly { readonly itemId: string; readonly quantity: number }[];
  readonly fulfillmentOptions: readonly FulfillmentOption[];
  readonly selectedOptionId: string | null;
  /** `totals[type=total].amount`, in minor units. */
  readonly total: number | null;
  readonly messages: readonly AcpMessage[];
  readonly orderId: string | null;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const int = (value: unknown): number | null => (typeof value === 'number' && Number.isSafeInteger(value) ? value : null);

const totalAmount = (totals: unknown): number | null => int(objects(totals).find((total) => total.type === 'total')?.amount);

const readOption = (option: Json): FulfillmentOption | null => {
  const id = str(option.id);
  const amount = int(option.total) ?? totalAmount(option.totals);
  if (!id || amount === null) return null;
  return { id, title: str(option.title) ?? id, amount, latestDelivery: str(option.latest_delivery_time) };
};

const readRequiredOption = (value: unknown): RequiredOption | null => {
  if (!isObject(value)) return null;
  const values = objects(value.values).flatMap((entry) => {
    const label = str(entry.value);
    const itemId = str(entry.item_id);
    return label && itemId ? [{ value: label, itemId, available: entry.available !== false }] : [];
  });
  return values.length > 0 ? { name: str(value.name) ?? 'option', values } : null;
};

const readMessage = (message: Json): AcpMessage => ({
  type: message.type === 'error' ? 'error' : 'info',
  code: str(message.code),
  param: str(message.param),
  content: str(message.content) ?? '',
  requiredOption: readRequiredOption(message.required_option),
});

/** Null when the body is not a checkout session at all. */
export const readSession = (body: unknown): AcpSession | null => {
  if (!isObject(body) || typeof body.id !== 'string' || typeof body.status !== 'string') return null;
  const selected = str(body.fulfillment_option_id) ?? str(objects(body.selected_fulfillment_options)[0]?.option_id);
  return {
    id: body.id,
    status: body.status,
    currency: (str(body.currency) ?? '').toUpperCase(),
    lineItems: objects(body.line_items).flatMap((line) => {
      const item = isObject(line.item) ? line.item : {};
      const itemId = str(item.id);
      return itemId ? [{ itemId, quantity: int(item.quantity) ?? 1 }] : [];
    }),
    fulfillmentOptions: objects(body.fulfillment_options).flatMap((option) => readOption(option) ?? []),
    selectedOptionId: selected,
    total: totalAmount(body.totals),
    messages: objects(body.messages).map(readMessage),
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
