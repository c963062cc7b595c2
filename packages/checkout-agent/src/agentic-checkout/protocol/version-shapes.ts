/**
 * How each API version of the Agentic Commerce Protocol writes a request, read from the
 * version's official JSON schema (docs/adr/0250). Every difference between versions that this
 * client writes lives in this table; the encoder reads it instead of comparing version strings.
 */
export interface VersionShape {
  /** The key of the items to buy. */
  readonly items: 'items' | 'line_items';
  /** How a quantity is written (`repeat`: the version's item has no quantity, so an item is listed once per unit). */
  readonly quantity: 'field' | 'repeat';
  /** A flat `fulfillment_address`, or `fulfillment_details` with contact and nested address. */
  readonly fulfillment: 'fulfillment_address' | 'fulfillment_details';
  /** `fulfillment_option_id`, `{type, shipping: {option_id, item_ids}}`, or `{type, option_id, item_ids}`. */
  readonly selection: 'option_id' | 'nested' | 'flat';
  /** `payment_data: {token, provider}`, or a payment handler's instrument with a credential. */
  readonly payment: 'token' | 'instrument';
  /** Create must also carry the currency and this client's capabilities. */
  readonly negotiates: boolean;
}

/** The versions this client speaks, newest first: the first one the merchant also offers is used. */
export const SPOKEN_VERSIONS = ['2026-01-30', '2026-01-16', '2025-12-12', '2025-09-29'] as const;
export type AcpVersion = (typeof SPOKEN_VERSIONS)[number];

export const VERSION_SHAPES: Readonly<Record<AcpVersion, VersionShape>> = {
  '2025-09-29': {
    items: 'items',
    quantity: 'field',
    fulfillment: 'fulfillment_address',
    selection: 'option_id',
    payment: 'token',
    negotiates: false,
  },
  '2025-12-12': {
    items: 'items',
    quantity: 'field',
    fulfillment: 'fulfillment_details',
    selection: 'nested',
    payment: 'token',
    negotiates: false,
  },
  '2026-01-16': {
    items: 'items',
    quantity: 'field',
    fulfillment: 'fulfillment_details',
    selection: 'nested',
    payment: 'token',
    negotiates: false,
  },
  '2026-01-30': {
    items: 'line_items',
    quantity: 'repeat',
    fulfillment: 'fulfillment_details',
    selection: 'flat',
    payment: 'instrument',
    negotiates: true,
  },
};
