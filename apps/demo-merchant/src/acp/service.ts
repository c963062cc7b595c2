import { type IdGenerator } from '@paykit/kernel';
import { placeOrder, type OrderingDeps } from '../orders/place-order.js';
import { type DelegatedTokens } from '../payments/delegated-tokens.js';
import { type PaymentMethod } from '../payments/gateway.js';
import { CURRENCY } from '../catalogue/products.js';
import { quote as priceQuote, isPayable, UnknownItemError, type Quote } from '../pricing/quote.js';
import { AcpHttpError } from './errors.js';
import { CARD_HANDLER_ID, type PaymentTerms } from './payment-offer.js';
import { renderSession } from './render.js';
import { applySessionChanges, buyerName, type AcpSession } from './session.js';
import { type AcpVersion } from './versions.js';
import { decodeCompleteBody, decodeSessionBody, type SessionChanges } from './wire/decode.js';
import { VERSION_SHAPES } from './wire/version-shapes.js';

export interface AcpServiceDeps extends OrderingDeps {
  readonly ids: IdGenerator;
  readonly payment: PaymentTerms;
  readonly delegatedTokens: DelegatedTokens;
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
    const changes = decodeSessionBody(VERSION_SHAPES[context.version], 'create', rawBody);
    const session: AcpSession = {
      id: `cs_${this.deps.ids.uuid().replace(/-/g, '').slice(0, 24)}`,
      createdAt: this.deps.clock.now().toISOString(),
      state: 'open',
      items: [],
    };
    const updated = this.applied(session, changes, context.version);
    this.sessions.set(updated.id, updated);
    return this.respond(201, updated, context);
  }

  update(id: string, rawBody: unknown, context: AcpRequestContext): AcpResponse {
    const session = this.openSession(id);
    const updated = this.applied(
      session,
      decodeSessionBody(VERSION_SHAPES[context.version], 'update', rawBody),
      context.version,
    );
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

  isOpen(id: string): boolean {
    return this.sessions.get(id)?.state === 'open';
  }

  async complete(id: string, rawBody: unknown, context: AcpRequestContext): Promise<AcpResponse> {
    const session = this.openSession(id);
    const shape = VERSION_SHAPES[context.version];
    const request = decodeCompleteBody(shape, rawBody, {
      provider: this.deps.payment.provider,
      handlerId: CARD_HANDLER_ID,
    });
    const buyer = request.buyer ?? session.buyer;
    if (!buyer)
      throw new AcpHttpError(
        400,
        'invalid_request',
        'missing',
        'Buyer details (name, email) are required to complete.',
        '$.buyer',
      );
    const quote = this.quoteOf(session);
    if (!session.address || !isPayable(quote)) {
      throw new AcpHttpError(
        400,
        'invalid_request',
        'invalid',
        'The checkout session is not ready for payment; see its messages.',
      );
    }
    const tokenParam =
      shape.payment === 'handlers' ? '$.payment_data.instrument.credential.token' : '$.payment_data.token';
    const delegated = this.deps.delegatedTokens.knows(request.token);
    if (!delegated && shape.payment === 'handlers') {
      throw new AcpHttpError(
        400,
        'invalid_request',
        'invalid',
        'The card handler requires a delegated payment token (delegate_payment).',
        tokenParam,
      );
    }
    if (this.completing.has(id))
      throw new AcpHttpError(
        409,
        'invalid_request',
        'checkout_in_progress',
        'This checkout session is already being completed.',
      );
    this.completing.add(id);
    try {
      session.buyer = buyer;
      let payment: PaymentMethod = { kind: 'token', token: request.token, provider: this.deps.payment.provider };
      if (delegated) {
        const redemption = this.deps.delegatedTokens.redeem(request.token, {
          checkoutSessionId: id,
          merchantId: this.deps.payment.merchantId,
          amount: quote.total,
          currency: CURRENCY,
        });
        // The token's issuer refuses the charge, as a processor declines a card: nothing is attempted.
        if (!redemption.ok) {
          session.paymentError = redemption.reason;
          return this.respond(200, session, context);
        }
        payment = redemption.method;
      }
      const result = await placeOrder(this.deps, {
        channel: 'agentic_checkout',
        reference: id,
        quote,
        buyer: {
          name: buyerName(buyer, session.contact),
          email: buyer.email,
          ...((buyer.phone_number ?? session.contact?.phone)
            ? { phone: buyer.phone_number ?? session.contact?.phone }
            : {}),
        },
        shippingAddress: session.address,
        payment,
      });
      if (result.outcome !== 'placed') {
        if (result.outcome === 'invalid')
          throw new AcpHttpError(400, 'invalid_request', 'invalid', result.message, tokenParam);
        session.paymentError = result.message;
        return this.respond(200, session, context);
      }
      if (delegated) this.deps.delegatedTokens.spend(request.token);
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

  /** Applies the changes to a copy, so a request that fails validation changes nothing. */
  private applied(session: AcpSession, changes: SessionChanges, version: AcpVersion): AcpSession {
    const next: AcpSession = { ...session, paymentError: undefined };
    applySessionChanges(next, changes);
    let quote: Quote;
    try {
      quote = this.quoteOf(next);
    } catch (error) {
      if (!(error instanceof UnknownItemError)) throw error;
      const param = `$.${VERSION_SHAPES[version].requestItems}[${error.index}].id`;
      throw new AcpHttpError(400, 'invalid_request', 'invalid', `Unknown item ${error.itemId}.`, param);
    }
    const requested = changes.option;
    if (requested && !quote.shippingOptions.some((option) => option.id === requested.id)) {
      throw new AcpHttpError(
        400,
        'invalid_request',
        'invalid',
        `No fulfillment option ${requested.id} for this cart and address.`,
        requested.param,
      );
    }
    return next;
  }

  /** Throws UnknownItemError only for items never accepted: `applied` refuses those before they are kept. */
  private quoteOf(session: AcpSession): Quote {
    if (session.frozenQuote) return session.frozenQuote;
    return priceQuote(this.deps.catalogue, {
      lines: session.items,
      ...(session.address
        ? {
            destination: {
              country: session.address.country,
              ...(session.address.state ? { state: session.address.state } : {}),
            },
          }
        : {}),
      ...(session.shippingOptionId ? { shippingOptionId: session.shippingOptionId } : {}),
      stage: 'review',
    });
  }

  private existing(id: string): AcpSession {
    const session = this.sessions.get(id);
    if (!session) throw new AcpHttpError(404, 'invalid_request', 'not_found', `No checkout session ${id}.`);
    return session;
  }

  private openSession(id: string): AcpSession {
    const session = this.existing(id);
    if (session.state !== 'open')
      throw new AcpHttpError(405, 'invalid_request', 'invalid', `The checkout session is already ${session.state}.`);
    return session;
  }

  private respond(statusCode: number, session: AcpSession, context: AcpRequestContext): AcpResponse {
    return { statusCode, body: renderSession(session, this.quoteOf(session), this.renderContext(context)) };
  }

  private renderContext(context: AcpRequestContext) {
    return { ...context, catalogue: this.deps.catalogue, clock: this.deps.clock, payment: this.deps.payment };
  }
}
