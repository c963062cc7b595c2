import { randomBytes } from 'node:crypto';
import type { CheckedRequest } from './request-contract.js';
import { stripeObject } from './schema-objects.js';
import { type StripeAnswer, errorAnswer, resourceMissing } from './stripe-errors.js';
import type { StripeDocument } from './stripe-document.js';
import { type RequestContext, type StripeEvents, nowSeconds, stripeId } from './stripe-events.js';
import { AUTHENTICATION_FAILURE, TEST_PAYMENT_METHODS, type TestPaymentMethod } from './test-payment-methods.js';

export type NextActionKind = 'redirect_to_url' | 'use_stripe_sdk';
export type AuthenticationOutcome = 'succeeded' | 'failed';
type Values = Record<string, unknown>;

interface StoredIntent {
  /** The intent as Stripe keeps it (its payment method as an id); built from the schema when answered. */
  values: Values;
  readonly paymentMethod: Values | null;
  refunded: number;
}

/** The operations of Stripe's document the account answers, and the components their answers are. */
export const OPERATIONS = ['PostPaymentIntents', 'GetPaymentIntentsIntent', 'PostRefunds'] as const;
export const ANSWERED_SCHEMAS = ['payment_intent', 'refund', 'error', 'event'] as const;

/**
 * One Stripe account as the mock keeps it: its PaymentIntents, refunds and the events they
 * caused. Confirming answers as Stripe's test mode answers its test PaymentMethods.
 */
export class StripeAccount {
  nextAction: NextActionKind | undefined;
  private readonly intents = new Map<string, StoredIntent>();

  constructor(
    private readonly document: StripeDocument,
    private readonly baseUrl: () => string,
    private readonly events: StripeEvents,
  ) {}

  handle(request: CheckedRequest, context: RequestContext): StripeAnswer | undefined {
    switch (request.operationId) {
      case 'PostPaymentIntents':
        return this.createIntent(request.body, context);
      case 'GetPaymentIntentsIntent':
        return this.retrieveIntent(request.pathParams['intent'] ?? '', request.query['expand']);
      case 'PostRefunds':
        return this.createRefund(request.body, context);
      default:
        return undefined;
    }
  }

  /** The cardholder at the issuer's 3-D Secure page; the event Stripe would send about it. */
  authenticate(intentId: string, outcome: AuthenticationOutcome, context: RequestContext): Values {
    const intent = this.intents.get(intentId);
    if (intent?.values['status'] !== 'requires_action') throw new Error(`stripe-mock: ${intentId} awaits no action`);
    intent.values =
      outcome === 'succeeded'
        ? { ...this.succeeded(intent.values), next_action: null }
        : {
            ...intent.values,
            status: 'requires_payment_method',
            next_action: null,
            payment_method: null,
            last_payment_error: { ...AUTHENTICATION_FAILURE, payment_method: intent.paymentMethod },
          };
    const type = outcome === 'succeeded' ? 'payment_intent.succeeded' : 'payment_intent.payment_failed';
    return this.emit(type, this.view(intent, []), context);
  }

  private createIntent(body: Values, context: RequestContext): StripeAnswer {
    const id = stripeId('pi');
    const paymentMethodId = typeof body['payment_method'] === 'string' ? body['payment_method'] : undefined;
    const method = paymentMethodId === undefined ? undefined : TEST_PAYMENT_METHODS[paymentMethodId];
    if (paymentMethodId !== undefined && !method) {
      return resourceMissing(400, 'PaymentMethod', paymentMethodId, 'payment_method');
    }
    const paymentMethod = method && paymentMethodId ? this.paymentMethod(paymentMethodId, method) : null;
    const values: Values = {
      id,
      object: 'payment_intent',
      amount: body['amount'],
      currency: body['currency'],
      created: nowSeconds(),
      livemode: false,
      metadata: body['metadata'] ?? {},
      payment_method_types: ['card'],
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      payment_method: paymentMethodId ?? null,
      status: paymentMethodId === undefined ? 'requires_payment_method' : 'requires_confirmation',
    };
    const intent: StoredIntent = { values, paymentMethod, refunded: 0 };
    this.intents.set(id, intent);
    this.emit('payment_intent.created', this.view(intent, []), context);
    if (body['confirm'] === true && method) return this.confirm(intent, method, body, context);
    return this.answerIntent(intent, body['expand']);
  }

  private confirm(intent: StoredIntent, method: TestPaymentMethod, body: Values, context: RequestContext) {
    const { behaviour } = method;
    if (behaviour.kind === 'succeeds') {
      intent.values = this.succeeded(intent.values);
      this.emit('payment_intent.succeeded', this.view(intent, []), context);
      return this.answerIntent(intent, body['expand']);
    }
    if (behaviour.kind === 'requires-authentication') {
      intent.values = { ...intent.values, status: 'requires_action', next_action: this.nextActionFor(intent, body) };
      this.emit('payment_intent.requires_action', this.view(intent, []), context);
      return this.answerIntent(intent, body['expand']);
    }
    const charge = stripeId('ch');
    const failure = {
      type: 'card_error',
      code: behaviour.code,
      decline_code: behaviour.declineCode,
      message: behaviour.message,
      charge,
    } as const;
    intent.values = {
      ...intent.values,
      status: 'requires_payment_method',
      payment_method: null,
      latest_charge: charge,
      last_payment_error: { ...failure, payment_method: intent.paymentMethod },
    };
    this.emit('payment_intent.payment_failed', this.view(intent, []), context);
    return errorAnswer(402, {
      ...failure,
      payment_intent: this.view(intent, body['expand']),
      payment_method: intent.paymentMethod,
    });
  }

  /** With a return_url Stripe redirects the cardholder; without one (or when asked) Stripe.js handles it. */
  private nextActionFor(intent: StoredIntent, body: Values): Values {
    const url = `${this.baseUrl()}/3d_secure/${String(intent.values['id'])}`;
    const returnUrl = typeof body['return_url'] === 'string' ? body['return_url'] : undefined;
    const kind =
      this.nextAction ?? (returnUrl && body['use_stripe_sdk'] !== true ? 'redirect_to_url' : 'use_stripe_sdk');
    return kind === 'redirect_to_url'
      ? { type: 'redirect_to_url', redirect_to_url: { url, return_url: returnUrl ?? null } }
      : { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: url } };
  }

  private succeeded(values: Values): Values {
    return { ...values, status: 'succeeded', amount_received: values['amount'], latest_charge: stripeId('ch') };
  }

  private retrieveIntent(id: string, expand: unknown): StripeAnswer {
    const intent = this.intents.get(id);
    return intent ? this.answerIntent(intent, expand) : resourceMissing(404, 'payment_intent', id, 'intent');
  }

  private createRefund(body: Values, context: RequestContext): StripeAnswer {
    const intentId = body['payment_intent'];
    if (typeof intentId !== 'string') {
      return errorAnswer(400, {
        type: 'invalid_request_error',
        message: 'One of the following params should be provided for this request: payment_intent or charge.',
      });
    }
    const intent = this.intents.get(intentId);
    if (!intent) return resourceMissing(400, 'payment_intent', intentId, 'payment_intent');
    const { values } = intent;
    if (values['status'] !== 'succeeded') {
      return errorAnswer(400, {
        type: 'invalid_request_error',
        message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
      });
    }
    const remaining = Number(values['amount']) - intent.refunded;
    const charge = String(values['latest_charge']);
    if (remaining === 0) {
      return errorAnswer(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${charge} has already been refunded.`,
      });
    }
    const amount = typeof body['amount'] === 'number' ? body['amount'] : remaining;
    if (amount > remaining) {
      return errorAnswer(400, {
        type: 'invalid_request_error',
        code: 'amount_too_large',
        param: 'amount',
        message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
      });
    }
    intent.refunded += amount;
    const refund = stripeObject(this.document, 'refund', {
      id: stripeId('re'),
      object: 'refund',
      amount,
      currency: values['currency'],
      created: nowSeconds(),
      payment_intent: intentId,
      charge,
      status: 'succeeded',
      metadata: body['metadata'] ?? {},
    });
    this.emit('refund.created', refund, context);
    return { status: 200, body: refund, schema: 'refund' };
  }

  private paymentMethod(id: string, method: TestPaymentMethod): Values {
    return stripeObject(this.document, 'payment_method', {
      id,
      object: 'payment_method',
      type: 'card',
      created: nowSeconds(),
      livemode: false,
      card: { brand: method.brand, last4: method.last4, exp_month: 12, exp_year: 2034, funding: 'credit' },
      billing_details: {},
    });
  }

  private view(intent: StoredIntent, expand: unknown): Values {
    const expanded =
      Array.isArray(expand) && expand.includes('payment_method') && intent.values['payment_method'] !== null;
    return stripeObject(this.document, 'payment_intent', {
      ...intent.values,
      ...(expanded ? { payment_method: intent.paymentMethod } : {}),
    });
  }

  private answerIntent(intent: StoredIntent, expand: unknown): StripeAnswer {
    return { status: 200, body: this.view(intent, expand), schema: 'payment_intent' };
  }

  private emit(type: string, object: Values, context: RequestContext): Values {
    return this.events.emit(type, object, context);
  }
}
