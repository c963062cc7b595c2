import { type IdGenerator } from '@paykit/kernel';
import { type z } from 'zod';
import { placeOrder, type OrderingDeps } from '../orders/place-order.js';
import { quote as priceQuote, isPayable, UnknownItemError, type Quote } from '../pricing/quote.js';
import { AcpHttpError, fromValidationError } from './errors.js';
import { renderSession } from './render.js';
import { completeSessionSchema, createSessionSchema, updateSessionSchema, type UpdateSessionBody } from './schemas.js';
import { applySessionFields, type AcpSession } from './session.js';
import { type AcpVersion } from './versions.js';

export interface AcpServiceDeps extends OrderingDeps {
  readonly ids: IdGenerator;
  /** The `payment_provider.provider` the shop advertises. Any provider name is accepted on complete. */
  readonly paymentProvider: string;
}

export interface AcpRequestContext {
  readonly origin: string;
  readonly version: AcpVersion;
}

export interface AcpResponse {
  readonly statusCode: number;
  readonly body: Record<string, unknown>;
}

/** The checkout sessions of the Agentic Commerce Protocol, held in memory. */
export class AcpCheckoutService {
  private readonly sessions = new Map<string, AcpSession>();
  private readonly completing = new Set<string>();

  constructor(private readonly deps: AcpServiceDeps) {}

  create(rawBody: unknown, context: AcpRequestContext): AcpResponse {
    const body = parse(createSessionSchema, rawBody);
    const session: AcpSession = {
      id: `cs_${this.deps.ids.uuid().replace(/-/g, '').slice(0, 24)}`,
      createdAt: this.deps.clock.now().toISOString(),
      state: 'open',
      items: [],
    };
    const updated = this.applied(session, body);
    this.sessions.set(updated.id, updated);
    return this.respond(201, updated, context);
  }

  update(id: string, rawBody: unknown, context: AcpRequestContext): AcpResponse {
    const session = this.openSession(id);
    const updated = this.applied(session, parse(updateSessionSchema, rawBody));
    this.sessions.set(id, updated);
    return this.respond(200, updated, context);
  }

  get(id: string, context: AcpRequestContext): AcpResponse {
    return this.respond(200, this.existing(id), context);
  }

  cancel(id: string, context: AcpRequestContext): AcpResponse {
    const session = this.openSession(id);
    session.frozenQuote = this.quoteOf(session);
    session.state = 'canceled';
    return this.respond(200, session, context);
  }

  async complete(id: string, rawBody: unknown, context: AcpRequestContext): Promise<AcpResponse> {
    const session = this.openSession(id);
    const body = parse(completeSessionSchema, rawBody);
    const buyer = body.buyer ?? session.buyer;
    if (!buyer) throw new AcpHttpError(400, 'invalid_request', 'missing', 'Buyer details (first_name, email) are required to complete.', '$.buyer');
    const quote = this.quoteOf(session);
    if (!session.address || !isPayable(quote)) {
      throw new AcpHttpError(400, 'invalid_request', 'invalid', 'The checkout session is not ready for payment; see its messages.');
    }
    if (this.completing.has(id)) throw new AcpHttpError(409, 'invalid_request', 'checkout_in_progress', 'This checkout session is already being completed.');
    this.completing.add(id);
    try {
      const result = await placeOrder(this.deps, {
        channel: 'agentic_checkout',
        reference: id,
        quote,
        buyer: {
          name: [buyer.first_name, buyer.last_name].filter(Boolean).join(' '),
          email: buyer.email,
          ...(buyer.phone_number ?? session.contact?.phone ? { phone: buyer.phone_number ?? session.contact?.phone } : {}),
        },
        shippingAddress: session.address,
        payment: { kind: 'token', token: body.payment_data.token, provider: body.payment_data.provider },
      });
      session.buyer = buyer;
      if (result.outcome !== 'placed') {
        if (result.outcome === 'invalid') throw new AcpHttpError(400, 'invalid_request', 'invalid', result.message, '$.payment_data.token');
        session.paymentError = result.message;
        return this.respond(200, session, context);
      }
      session.paymentError = undefined;
      session.state = 'completed';
      session.frozenQuote = quote;
      session.order = result.order;
      return this.respond(200, session, context);
    } finally {
      this.completing.delete(id);
    }
  }

  /** A session rendered without a request, for state inspection in tests. */
  view(id: string, context: AcpRequestContext): Record<string, unknown> | undefined {
    const session = this.sessions.get(id);
    return session ? renderSession(session, this.quoteOf(session), this.renderContext(context)) : undefined;
  }

  /** Applies a body to a copy, so a request that fails validation changes nothing. */
  private applied(session: AcpSession, body: UpdateSessionBody): AcpSession {
    const next: AcpSession = { ...session, paymentError: undefined };
    applySessionFields(next, body);
    const quote = this.quoteOf(next);
    const requestedOption = body.fulfillment_option_id ?? body.selected_fulfillment_options?.[0]?.option_id;
    if (requestedOption && !quote.shippingOptions.some((option) => option.id === requestedOption)) {
      const param = body.fulfillment_option_id ? '$.fulfillment_option_id' : '$.selected_fulfillment_options[0].option_id';
      throw new AcpHttpError(400, 'invalid_request', 'invalid', `No fulfillment option ${requestedOption} for this cart and address.`, param);
    }
    return next;
  }

  private quoteOf(session: AcpSession): Quote {
    if (session.frozenQuote) return session.frozenQuote;
    try {
      return priceQuote(this.deps.catalogue, {
        lines: session.items,
        ...(session.address ? { destination: { country: session.address.country, ...(session.address.state ? { state: session.address.state } : {}) } } : {}),
        ...(session.shippingOptionId ? { shippingOptionId: session.shippingOptionId } : {}),
        stage: 'review',
      });
    } catch (error) {
      if (error instanceof UnknownItemError) {
        throw new AcpHttpError(400, 'invalid_request', 'invalid', `Unknown item ${error.itemId}.`, `$.items[${error.index}].id`);
      }
      throw error;
    }
  }

  private existing(id: string): AcpSession {
    const session = this.sessions.get(id);
    if (!session) throw new AcpHttpError(404, 'invalid_request', 'not_found', `No checkout session ${id}.`);
    return session;
  }

  private openSession(id: string): AcpSession {
    const session = this.existing(id);
    if (session.state !== 'open') throw new AcpHttpError(405, 'invalid_request', 'invalid', `The checkout session is already ${session.state}.`);
    return session;
  }

  private respond(statusCode: number, session: AcpSession, context: AcpRequestContext): AcpResponse {
    return { statusCode, body: renderSession(session, this.quoteOf(session), this.renderContext(context)) };
  }

  private renderContext(context: AcpRequestContext) {
    return { ...context, catalogue: this.deps.catalogue, clock: this.deps.clock, paymentProvider: this.deps.paymentProvider };
  }
}

const parse = <T>(schema: z.ZodType<T>, body: unknown): T => {
  const result = schema.safeParse(body ?? {});
  if (!result.success) throw fromValidationError(result.error, body);
  return result.data;
};
