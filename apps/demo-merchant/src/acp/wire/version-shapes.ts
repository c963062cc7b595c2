import { type AcpVersion } from '../versions.js';

/**
 * How each API version writes the same checkout, read from the version's official JSON schema
 * (docs/adr/0250). Every difference between versions lives in this table; the request schemas,
 * the decoder and the renderer read it instead of comparing version strings.
 */
export interface VersionShape {
  /** Request: the key of the items to buy. */
  readonly requestItems: 'items' | 'line_items';
  /** Request: how a quantity is written (`repeat`: the version's item has no quantity, so an item is listed once per unit). */
  readonly quantity: 'number' | 'integer' | 'repeat';
  /** Request and response: a flat `fulfillment_address`, or `fulfillment_details` with contact and nested address. */
  readonly fulfillment: 'fulfillment_address' | 'fulfillment_details';
  /** Request and response: `fulfillment_option_id`, `{type, shipping: {option_id, item_ids}}`, or `{type, option_id, item_ids}`. */
  readonly selection: 'option_id' | 'nested' | 'flat';
  /** Response: a shipping option priced by `subtotal`/`tax`/`total`, or by a `totals[]` list. */
  readonly optionPrice: 'amounts' | 'totals';
  /** Response: the option's second line is `subtitle` or `description`. */
  readonly optionText: 'subtitle' | 'description';
  /** Response: line items with flat amounts, with `name`/`unit_amount` too, or with a top-level quantity and `totals[]`. */
  readonly lineItem: 'amounts' | 'amounts_named' | 'totals';
  /** Response: how payment is offered; complete: how it arrives (`payment_data.token` or a handler's instrument). */
  readonly payment: 'provider' | 'provider_networks' | 'provider_merchant' | 'handlers';
  /** Create: what the version requires besides the items. */
  readonly createRequires: readonly ('currency' | 'capabilities')[];
  /** Buyer fields the version requires. */
  readonly buyerRequires: readonly ('first_name' | 'last_name' | 'email')[];
  /** Response: the session carries `protocol` and `capabilities`. */
  readonly capabilities: boolean;
}

const FULL_NAME: VersionShape['buyerRequires'] = ['first_name', 'last_name', 'email'];

export const VERSION_SHAPES: Readonly<Record<AcpVersion, VersionShape>> = {
  '2025-09-29': {
    requestItems: 'items',
    quantity: 'number',
    fulfillment: 'fulfillment_address',
    selection: 'option_id',
    optionPrice: 'amounts',
    optionText: 'subtitle',
    lineItem: 'amounts',
    payment: 'provider',
    createRequires: [],
    buyerRequires: FULL_NAME,
    capabilities: false,
  },
  '2025-12-12': {
    requestItems: 'items',
    quantity: 'integer',
    fulfillment: 'fulfillment_details',
    selection: 'nested',
    optionPrice: 'amounts',
    optionText: 'subtitle',
    lineItem: 'amounts_named',
    payment: 'provider_networks',
    createRequires: [],
    buyerRequires: FULL_NAME,
    capabilities: false,
  },
  '2026-01-16': {
    requestItems: 'items',
    quantity: 'integer',
    fulfillment: 'fulfillment_details',
    selection: 'nested',
    optionPrice: 'totals',
    optionText: 'description',
    lineItem: 'amounts_named',
    payment: 'provider_merchant',
    createRequires: [],
    buyerRequires: FULL_NAME,
    capabilities: false,
  },
  '2026-01-30': {
    requestItems: 'line_items',
    quantity: 'repeat',
    fulfillment: 'fulfillment_details',
    selection: 'flat',
    optionPrice: 'totals',
    optionText: 'description',
    lineItem: 'totals',
    payment: 'handlers',
    createRequires: ['currency', 'capabilities'],
    buyerRequires: ['email'],
    capabilities: true,
  },
};
