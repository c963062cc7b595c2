import type { AcpAddress, AcpBuyer } from '../acp-types.js';
import type { VersionShape } from './version-shapes.js';

export interface ItemRequest {
  readonly id: string;
  readonly quantity: number;
}

/** What a create or update asks for, before the version's field names are applied. */
export interface SessionChanges {
  readonly items?: readonly ItemRequest[];
  readonly address?: AcpAddress;
  readonly buyer?: AcpBuyer;
  /** The shipping option to select, and the session's line item ids it covers. */
  readonly fulfillment?: { readonly optionId: string; readonly lineItemIds: readonly string[] };
}

const encodeItems = (items: readonly ItemRequest[], shape: VersionShape) =>
  shape.quantity === 'repeat'
    ? items.flatMap((item) => Array.from({ length: item.quantity }, () => ({ id: item.id })))
    : items.map((item) => ({ id: item.id, quantity: item.quantity }));

const encodeAddress = (changes: SessionChanges, shape: VersionShape): Record<string, unknown> => {
  const { address, buyer } = changes;
  if (!address) return {};
  if (shape.fulfillment === 'fulfillment_address') return { fulfillment_address: address };
  return {
    fulfillment_details: {
      name: address.name,
      ...(buyer?.phone_number ? { phone_number: buyer.phone_number } : {}),
      ...(buyer ? { email: buyer.email } : {}),
      address,
    },
  };
};

const encodeSelection = (
  fulfillment: NonNullable<SessionChanges['fulfillment']>,
  shape: VersionShape,
): Record<string, unknown> => {
  const { optionId, lineItemIds } = fulfillment;
  switch (shape.selection) {
    case 'option_id':
      return { fulfillment_option_id: optionId };
    case 'nested':
      return {
        selected_fulfillment_options: [{ type: 'shipping', shipping: { option_id: optionId, item_ids: lineItemIds } }],
      };
    case 'flat':
      return { selected_fulfillment_options: [{ type: 'shipping', option_id: optionId, item_ids: lineItemIds }] };
  }
};

/** A create (`currency`: what the merchant prices in, for versions that negotiate) or update body. */
export const encodeSessionBody = (
  changes: SessionChanges,
  shape: VersionShape,
  create?: { readonly currency: string },
): Record<string, unknown> => ({
  ...(changes.items ? { [shape.items]: encodeItems(changes.items, shape) } : {}),
  ...(changes.buyer ? { buyer: changes.buyer } : {}),
  ...encodeAddress(changes, shape),
  ...(changes.fulfillment ? encodeSelection(changes.fulfillment, shape) : {}),
  // This client handles no interventions (3DS, biometrics): it declares none.
  ...(create && shape.negotiates ? { currency: create.currency.toLowerCase(), capabilities: {} } : {}),
});

/** How the merchant takes this token: the provider it named, or the payment handler it declared. */
export interface PaymentRoute {
  readonly provider: string;
  readonly handlerId: string | null;
}

export const encodeCompleteBody = (
  token: string,
  buyer: AcpBuyer,
  route: PaymentRoute,
  shape: VersionShape,
): Record<string, unknown> => ({
  buyer,
  payment_data:
    shape.payment === 'token'
      ? { token, provider: route.provider }
      : { handler_id: route.handlerId, instrument: { type: 'card', credential: { type: 'spt', token } } },
});
