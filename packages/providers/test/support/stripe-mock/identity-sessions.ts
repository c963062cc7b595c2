import { randomBytes } from 'node:crypto';
import type { CheckedRequest } from './request-contract.js';
import { stripeObject } from './schema-objects.js';
import type { StripeDocument } from './stripe-document.js';
import { type StripeAnswer, resourceMissing } from './stripe-errors.js';
import { type RequestContext, type StripeEvents, stripeId } from './stripe-events.js';
import type { StripeResource } from './stripe-resource.js';

/** How the person's check ends: Stripe verifies it, it fails with one of Stripe's `last_error` codes, or it is canceled. */
export type IdentityOutcome =
  { readonly kind: 'verified' } | { readonly kind: 'failed'; readonly code: string } | { readonly kind: 'canceled' };

type Values = Record<string, unknown>;

const EVENT_OF = { verified: 'verified', failed: 'requires_input', canceled: 'canceled' } as const;

/**
 * Stripe Identity's VerificationSessions as the mock keeps them: created `requires_input` with a
 * client secret and the hosted flow's URL, then decided by `complete` as the person finishes.
 */
export class IdentitySessions implements StripeResource {
  readonly operations = ['PostIdentityVerificationSessions', 'GetIdentityVerificationSessionsSession'];
  readonly schemas = ['identity.verification_session'];
  private readonly sessions = new Map<string, Values>();

  constructor(
    private readonly document: StripeDocument,
    private readonly events: StripeEvents,
  ) {}

  handle(request: CheckedRequest, context: RequestContext): StripeAnswer | undefined {
    if (request.operationId === 'PostIdentityVerificationSessions') return this.create(request.body, context);
    if (request.operationId !== 'GetIdentityVerificationSessionsSession') return undefined;
    const id = request.pathParams['session'] ?? '';
    const session = this.sessions.get(id);
    return session ? this.answer(session) : resourceMissing(404, 'verification_session', id, 'session');
  }

  /** The person finishes the check; answers the event Stripe sends about it. */
  complete(id: string, outcome: IdentityOutcome, context: RequestContext): Values {
    const session = this.sessions.get(id);
    if (session?.['status'] !== 'requires_input') throw new Error(`stripe-mock: ${id} awaits no input`);
    const decided: Values =
      outcome.kind === 'failed'
        ? { ...session, last_error: { code: outcome.code, reason: `The check failed: ${outcome.code}` } }
        : { ...session, status: outcome.kind, client_secret: null, url: null, last_error: null };
    this.sessions.set(id, decided);
    return this.events.emit(`identity.verification_session.${EVENT_OF[outcome.kind]}`, this.view(decided), context);
  }

  private create(body: Values, context: RequestContext): StripeAnswer {
    const id = stripeId('vs');
    const session: Values = {
      id,
      object: 'identity.verification_session',
      type: body['type'] ?? 'document',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      metadata: body['metadata'] ?? {},
      status: 'requires_input',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      url: `https://verify.stripe.com/start/test_${randomBytes(8).toString('hex')}`,
      last_error: null,
      redaction: null,
    };
    this.sessions.set(id, session);
    this.events.emit('identity.verification_session.created', this.view(session), context);
    return this.answer(session);
  }

  private view(session: Values): Values {
    return stripeObject(this.document, 'identity.verification_session', session);
  }

  private answer(session: Values): StripeAnswer {
    return { status: 200, body: this.view(session), schema: 'identity.verification_session' };
  }
}
