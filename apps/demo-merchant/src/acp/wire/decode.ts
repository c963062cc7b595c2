import { type z } from 'zod';
import { type QuoteLine } from '../../pricing/quote.js';
import { AcpHttpError, fromValidationError } from '../errors.js';
import { type AcpBuyer, type AcpAddress, completeBodySchema, sessionBodySchema } from './request-schemas.js';
import { type VersionShape } from './version-shapes.js';

/** What a create or update asks for, whatever the version's field names. */
export interface SessionChanges {
  readonly items?: readonly QuoteLine[];
  readonly buyer?: AcpBuyer;
  readonly address?: AcpAddress;
  readonly contact?: { readonly name?: string; readonly email?: string; readonly phone?: string };
  /** The chosen shipping option and the JSONPath it came from (for an error naming it). */
  readonly option?: { readonly id: string; readonly param: string };
}

/** What a complete carries: the payment token and, optionally, the buyer. */
export interface CompleteRequest {
  readonly buyer?: AcpBuyer;
  readonly token: string;
}

const parse = <T>(schema: z.ZodType<T>, body: unknown): T => {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw fromValidationError(result.error, body);
  return result.data;
};

type Items = readonly { readonly id: string; readonly quantity?: number | undefined }[];

/** In versions whose items carry no quantity, an item listed n times is n units on one line. */
const toLines = (items: Items, shape: VersionShape): QuoteLine[] => {
  if (shape.quantity !== 'repeat') return items.map((item) => ({ itemId: item.id, quantity: item.quantity ?? 1 }));
  const lines = new Map<string, number>();
  for (const item of items) lines.set(item.id, (lines.get(item.id) ?? 0) + (item.quantity ?? 1));
  return [...lines].map(([itemId, quantity]) => ({ itemId, quantity }));
};

type Selection = { type: string; option_id?: string; shipping?: { option_id: string } };

const chosenOption = (body: Record<string, unknown>): SessionChanges['option'] => {
  if (typeof body.fulfillment_option_id === 'string')
    return { id: body.fulfillment_option_id, param: '$.fulfillment_option_id' };
  const selections = body.selected_fulfillment_options as readonly Selection[] | undefined;
  if (!selections || selections.length === 0) return undefined;
  const index = selections.findIndex((selection) => selection.type === 'shipping');
  const selection = selections[index];
  const id = selection?.option_id ?? selection?.shipping?.option_id;
  if (!selection || !id) {
    throw new AcpHttpError(
      400,
      'invalid_request',
      'invalid',
      'This shop only ships; select a shipping option.',
      '$.selected_fulfillment_options',
    );
  }
  return { id, param: `$.selected_fulfillment_options[${index}]${selection.option_id ? '' : '.shipping'}.option_id` };
};

export const decodeSessionBody = (
  shape: VersionShape,
  operation: 'create' | 'update',
  raw: unknown,
): SessionChanges => {
  const body = parse(sessionBodySchema(shape, operation), raw) as Record<string, unknown>;
  if (typeof body.currency === 'string' && body.currency.toLowerCase() !== 'usd') {
    throw new AcpHttpError(400, 'invalid_request', 'invalid', 'This shop sells in usd only.', '$.currency');
  }
  const items = body[shape.requestItems] as Items | undefined;
  const details = body.fulfillment_details as
    { name?: string; email?: string; phone_number?: string; address?: AcpAddress } | undefined;
  const address = (body.fulfillment_address as AcpAddress | undefined) ?? details?.address;
  const option = chosenOption(body);
  return {
    ...(items ? { items: toLines(items, shape) } : {}),
    ...(body.buyer ? { buyer: body.buyer as AcpBuyer } : {}),
    ...(address ? { address } : {}),
    ...(details
      ? {
          contact: {
            ...(details.name ? { name: details.name } : {}),
            ...(details.email ? { email: details.email } : {}),
            ...(details.phone_number ? { phone: details.phone_number } : {}),
          },
        }
      : {}),
    ...(option ? { option } : {}),
  };
};

/** The token to charge, checked against how this shop takes payment in the version. */
export const decodeCompleteBody = (
  shape: VersionShape,
  raw: unknown,
  accepted: { readonly provider: string; readonly handlerId: string },
): CompleteRequest => {
  const body = parse(completeBodySchema(shape), raw);
  const data = body.payment_data as Record<string, unknown>;
  const refuse = (param: string, message: string) =>
    new AcpHttpError(400, 'invalid_request', 'invalid', message, param);
  let token: string;
  if (shape.payment === 'handlers') {
    const instrument = data.instrument as { type: string; credential: { type: string; token: string } } | undefined;
    if (!data.handler_id || !instrument) {
      throw data.purchase_order_number
        ? refuse('$.payment_data.purchase_order_number', 'This shop does not accept purchase orders.')
        : new AcpHttpError(
            400,
            'invalid_request',
            'missing',
            'payment_data needs handler_id and instrument.',
            '$.payment_data.instrument',
          );
    }
    if (data.handler_id !== accepted.handlerId)
      throw refuse('$.payment_data.handler_id', `Unknown payment handler ${String(data.handler_id)}.`);
    if (instrument.type !== 'card')
      throw refuse('$.payment_data.instrument.type', 'This handler takes card instruments.');
    if (instrument.credential.type !== 'spt')
      throw refuse('$.payment_data.instrument.credential.type', 'This handler takes delegated payment tokens (spt).');
    token = instrument.credential.token;
  } else {
    if (data.provider !== accepted.provider)
      throw refuse('$.payment_data.provider', `This shop's payment provider is ${accepted.provider}.`);
    token = data.token as string;
  }
  return { ...(body.buyer ? { buyer: body.buyer as AcpBuyer } : {}), token };
};
