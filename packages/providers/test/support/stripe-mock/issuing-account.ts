import { readFileSync } from 'node:fs';
import type { CheckedRequest } from './request-contract.js';
import { type StripeAnswer, resourceMissing } from './stripe-errors.js';
import { type RequestContext, type StripeEvents, nowSeconds, stripeId } from './stripe-events.js';
import { isRecord } from './stripe-document.js';
import type { StripeResource } from './stripe-resource.js';

type Values = Record<string, unknown>;

/** Stripe's own example objects (stripe/openapi `fixtures3.json`); answers are these with our fields on top. */
const FIXTURES = JSON.parse(readFileSync(new URL('./fixtures/issuing.json', import.meta.url), 'utf8')) as Record<
  'issuing.authorization' | 'issuing.card' | 'issuing.cardholder',
  Values
>;

export const ISSUING_OPERATIONS = [
  'PostIssuingCardholders',
  'PostIssuingCards',
  'GetIssuingCardsCard',
  'PostIssuingCardsCard',
  'GetIssuingAuthorizations',
] as const;
export const ISSUING_SCHEMAS = ['issuing.cardholder', 'issuing.card', 'issuing.authorization'] as const;

/** What a shop's processor sends the network for a card, in the smallest unit. */
export interface NetworkAsk {
  readonly amount: number;
  readonly currency: string;
  readonly merchant: { readonly name: string; readonly url?: string | null };
  /** The security code as typed: Stripe checks it against the card's (`cvc_check`). */
  readonly cvc?: string;
  readonly expiryCheck?: 'match' | 'mismatch' | 'not_provided';
}

/** How our endpoint answered Stripe's real-time request: its `approved`, or no usable answer in time. */
export type RequestOutcome = { readonly approved: boolean } | 'timeout';

interface StoredCard {
  values: Values;
  readonly number: string;
  readonly cvc: string;
}

const luhnComplete = (payload: string): string => {
  for (let digit = 0; digit <= 9; digit++) {
    const candidate = `${payload}${digit}`;
    const sum = [...candidate].reverse().reduce((total, char, index) => {
      const value = Number(char) * (index % 2 === 1 ? 2 : 1);
      return total + (value > 9 ? value - 9 : value);
    }, 0);
    if (sum % 10 === 0) return candidate;
  }
  throw new Error('unreachable');
};
const digits = (count: number): string => Array.from({ length: count }, () => Math.floor(Math.random() * 10)).join('');

/**
 * Stripe Issuing as the mock keeps it: cardholders, virtual cards and their authorizations. The
 * network side is Stripe's documented flow: a canceled card (`card_inactive`) or an amount over a
 * spending limit (`spending_controls`) is declined by Stripe itself; anything else is put to our
 * endpoint as `issuing_authorization.request`, and decided by its answer (`webhook_approved`,
 * `webhook_declined`; no answer in time: `webhook_timeout`, declined).
 */
export class IssuingAccount implements StripeResource {
  readonly operations = ISSUING_OPERATIONS;
  readonly schemas = ISSUING_SCHEMAS;
  private readonly cardholders = new Map<string, Values>();
  private readonly cards = new Map<string, StoredCard>();
  /** Oldest first; Stripe lists them newest first. */
  private readonly authorizations: Values[] = [];

  constructor(private readonly events: StripeEvents) {}

  handle(request: CheckedRequest, context: RequestContext): StripeAnswer | undefined {
    const { body, query, pathParams } = request;
    switch (request.operationId) {
      case 'PostIssuingCardholders':
        return this.createCardholder(body, context);
      case 'PostIssuingCards':
        return this.createCard(body, context);
      case 'GetIssuingCardsCard':
        return this.answerCard(pathParams['card'] ?? '', query['expand']);
      case 'PostIssuingCardsCard':
        return this.updateCard(pathParams['card'] ?? '', body, context);
      case 'GetIssuingAuthorizations':
        return this.listAuthorizations(query);
      default:
        return undefined;
    }
  }

  /**
   * The network asks about a card: the authorization Stripe makes, and the request event it sends
   * our endpoint when it does not decide itself (then `settle` records our answer).
   */
  authorize(cardId: string, ask: NetworkAsk, context: RequestContext): { authorization: Values; event?: Values } {
    const card = this.cards.get(cardId);
    if (!card) throw new Error(`stripe-mock: no card ${cardId}`);
    const pending = {
      amount: ask.amount,
      amount_details: null,
      currency: card.values['currency'],
      is_amount_controllable: false,
      merchant_amount: ask.amount,
      merchant_currency: ask.currency,
    };
    const authorization: Values = {
      ...FIXTURES['issuing.authorization'],
      id: stripeId('iauth'),
      created: nowSeconds(),
      amount: 0,
      approved: false,
      status: 'pending',
      card: this.cardView(card),
      cardholder: (card.values['cardholder'] as Values)['id'],
      currency: card.values['currency'],
      merchant_amount: ask.amount,
      merchant_currency: ask.currency,
      merchant_data: {
        ...(FIXTURES['issuing.authorization']['merchant_data'] as Values),
        name: ask.merchant.name,
        url: ask.merchant.url ?? null,
      },
      metadata: {},
      pending_request: pending,
      request_history: [],
      verification_data: {
        ...(FIXTURES['issuing.authorization']['verification_data'] as Values),
        cvc_check: ask.cvc === undefined ? 'not_provided' : ask.cvc === card.cvc ? 'match' : 'mismatch',
        expiry_check: ask.expiryCheck ?? 'match',
      },
    };
    this.authorizations.push(authorization);
    const byStripe = this.stripeDeclineOf(card, ask.amount);
    if (byStripe) {
      this.close(authorization, byStripe, context);
      return { authorization };
    }
    return { authorization, event: this.events.emit('issuing_authorization.request', authorization, context) };
  }

  /** Our endpoint's answer to the request (or none in time) decides the authorization. */
  settle(authorizationId: string, outcome: RequestOutcome, context: RequestContext): Values {
    const authorization = this.authorizations.find((each) => each['id'] === authorizationId);
    if (authorization?.['status'] !== 'pending' || authorization['approved'] === true) {
      throw new Error(`stripe-mock: ${authorizationId} awaits no answer`);
    }
    if (outcome === 'timeout') return this.close(authorization, 'webhook_timeout', context);
    if (!outcome.approved) return this.close(authorization, 'webhook_declined', context);
    const pending = authorization['pending_request'] as Values;
    Object.assign(authorization, {
      approved: true,
      amount: pending['amount'],
      pending_request: null,
      request_history: [this.requestOf(authorization, pending, true, 'webhook_approved')],
    });
    this.events.emit('issuing_authorization.created', authorization, context);
    return authorization;
  }

  private stripeDeclineOf(card: StoredCard, amount: number): string | undefined {
    if (card.values['status'] !== 'active') return 'card_inactive';
    const limits = ((card.values['spending_controls'] as Values)['spending_limits'] ?? []) as Values[];
    const spent = this.authorizations
      .filter((each) => (each['card'] as Values)['id'] === card.values['id'] && each['approved'] === true)
      .reduce((sum, each) => sum + Number(each['amount']), 0);
    const over = limits.some(
      (limit) =>
        (limit['interval'] === 'per_authorization' && amount > Number(limit['amount'])) ||
        (limit['interval'] === 'all_time' && spent + amount > Number(limit['amount'])),
    );
    return over ? 'spending_controls' : undefined;
  }

  private requestOf(authorization: Values, pending: Values, approved: boolean, reason: string): Values {
    return {
      amount: approved ? pending['amount'] : 0,
      amount_details: null,
      approved,
      created: nowSeconds(),
      currency: authorization['currency'],
      merchant_amount: pending['merchant_amount'],
      merchant_currency: pending['merchant_currency'],
      reason,
    };
  }

  private close(authorization: Values, reason: string, context: RequestContext): Values {
    const pending = authorization['pending_request'] as Values;
    Object.assign(authorization, {
      approved: false,
      amount: 0,
      status: 'closed',
      pending_request: null,
      request_history: [this.requestOf(authorization, pending, false, reason)],
    });
    this.events.emit('issuing_authorization.created', authorization, context);
    return authorization;
  }

  private createCardholder(body: Values, context: RequestContext): StripeAnswer {
    const cardholder: Values = {
      ...FIXTURES['issuing.cardholder'],
      id: stripeId('ich'),
      created: nowSeconds(),
      name: body['name'],
      type: body['type'] ?? 'individual',
      status: body['status'] ?? 'active',
      billing: body['billing'],
      email: body['email'] ?? null,
      phone_number: body['phone_number'] ?? null,
      metadata: body['metadata'] ?? {},
    };
    this.cardholders.set(String(cardholder['id']), cardholder);
    this.events.emit('issuing_cardholder.created', cardholder, context);
    return { status: 200, body: cardholder, schema: 'issuing.cardholder' };
  }

  private createCard(body: Values, context: RequestContext): StripeAnswer {
    const cardholderId = String(body['cardholder']);
    const cardholder = this.cardholders.get(cardholderId);
    if (!cardholder) return resourceMissing(400, 'cardholder', cardholderId, 'cardholder');
    const number = luhnComplete(`400000${digits(9)}`);
    const now = new Date();
    const fixture = FIXTURES['issuing.card'];
    const values: Values = {
      ...fixture,
      id: stripeId('ic'),
      created: nowSeconds(),
      brand: 'Visa',
      cardholder,
      currency: body['currency'],
      exp_month: now.getUTCMonth() + 1,
      exp_year: now.getUTCFullYear() + 3,
      last4: number.slice(-4),
      metadata: body['metadata'] ?? {},
      spending_controls: {
        ...(fixture['spending_controls'] as Values),
        spending_limits: ((body['spending_controls'] as Values | undefined)?.['spending_limits'] ?? []) as Values[],
        spending_limits_currency: body['currency'],
      },
      status: body['status'] ?? 'inactive',
      type: body['type'],
      shipping: null,
      wallets: null,
    };
    const card: StoredCard = { values, number, cvc: digits(3) };
    this.cards.set(String(values['id']), card);
    this.events.emit('issuing_card.created', this.cardView(card), context);
    return { status: 200, body: this.cardView(card), schema: 'issuing.card' };
  }

  private updateCard(cardId: string, body: Values, context: RequestContext): StripeAnswer {
    const card = this.cards.get(cardId);
    if (!card) return resourceMissing(404, 'issuing card', cardId, 'card');
    if (card.values['status'] === 'canceled') {
      return {
        status: 400,
        schema: 'error',
        body: {
          error: { type: 'invalid_request_error', message: 'This card has been canceled and cannot be updated.' },
        },
      };
    }
    card.values = {
      ...card.values,
      ...(body['status'] !== undefined && { status: body['status'] }),
      ...(body['status'] === 'canceled' && { cancellation_reason: body['cancellation_reason'] ?? null }),
      ...(isRecord(body['metadata']) && { metadata: { ...(card.values['metadata'] as Values), ...body['metadata'] } }),
    };
    this.events.emit('issuing_card.updated', this.cardView(card), context);
    return { status: 200, body: this.cardView(card), schema: 'issuing.card' };
  }

  /** Only a retrieve reveals the number and code, and only when asked (`expand[]=number&expand[]=cvc`). */
  private answerCard(cardId: string, expand: unknown): StripeAnswer {
    const card = this.cards.get(cardId);
    if (!card) return resourceMissing(404, 'issuing card', cardId, 'card');
    const asked = Array.isArray(expand) ? expand.map(String) : [];
    return {
      status: 200,
      schema: 'issuing.card',
      body: {
        ...this.cardView(card),
        ...(asked.includes('number') && { number: card.number }),
        ...(asked.includes('cvc') && { cvc: card.cvc }),
      },
    };
  }

  /** Newest first; `starting_after` pages to older ones, `ending_before` to newer ones (the page next to it). */
  private listAuthorizations(query: Values): StripeAnswer {
    const cardId = typeof query['card'] === 'string' ? query['card'] : undefined;
    if (cardId !== undefined && !this.cards.has(cardId)) return resourceMissing(400, 'issuing card', cardId, 'card');
    const limit = typeof query['limit'] === 'number' ? query['limit'] : 10;
    const newestFirst = this.authorizations
      .filter((each) => cardId === undefined || (each['card'] as Values)['id'] === cardId)
      .reverse();
    const indexOf = (id: unknown) => newestFirst.findIndex((each) => each['id'] === id);
    let data: Values[];
    let hasMore: boolean;
    if (query['ending_before'] !== undefined) {
      const end = indexOf(query['ending_before']);
      const before = newestFirst.slice(0, end < 0 ? 0 : end);
      data = before.slice(-limit);
      hasMore = before.length > limit;
    } else {
      const start = query['starting_after'] === undefined ? 0 : indexOf(query['starting_after']) + 1;
      data = newestFirst.slice(start, start + limit);
      hasMore = newestFirst.length > start + limit;
    }
    return {
      status: 200,
      schema: 'list:issuing.authorization',
      body: { object: 'list', data, has_more: hasMore, url: '/v1/issuing/authorizations' },
    };
  }

  private cardView(card: StoredCard): Values {
    return { ...card.values };
  }
}
