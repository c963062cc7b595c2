import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { type IncomingStripeRequest, StripeRequestContract } from './request-contract.js';
import { StripeResponseContract } from './response-contract.js';
import {
  type AuthenticationOutcome,
  type NextActionKind,
  ANSWERED_SCHEMAS,
  OPERATIONS,
  StripeAccount,
} from './stripe-account.js';
import { IssuingAccount, type NetworkAsk, type RequestOutcome } from './issuing-account.js';
import { type RequestContext, StripeEvents, stripeId } from './stripe-events.js';
import { type StripeAnswer, errorAnswer } from './stripe-errors.js';
import { readStripeDocument } from './stripe-document.js';
import { BankPayouts } from './bank-payouts.js';
import { IdentitySessions, type IdentityOutcome } from './identity-sessions.js';
import type { StripeResource } from './stripe-resource.js';
import { canonicalJson, signatureHeader } from './webhook-signature.js';

/** A failure of Stripe's side: a 500, no answer at all, an answer that is not JSON, JSON of the wrong shape. */
export type StripeFault = 'server-error' | 'timeout' | 'not-json' | 'wrong-shape';

export interface RecordedStripeRequest {
  readonly method: string;
  readonly path: string;
  /** The body as Stripe reads it (decoded and typed); undefined for a request the document refused. */
  readonly body?: Readonly<Record<string, unknown>>;
  readonly idempotencyKey?: string;
  readonly stripeVersion?: string;
  readonly status?: number;
}

type Outcome =
  | {
      readonly kind: 'answer';
      readonly answer: StripeAnswer;
      readonly body?: Record<string, unknown>;
      readonly replayed?: boolean;
    }
  | {
      readonly kind: 'fault';
      readonly fault: Exclude<StripeFault, 'server-error'>;
      readonly body: Record<string, unknown>;
    };

const API_VERSION = /^\d{4}-\d{2}-\d{2}(\.[a-z]+)?$/;
const MAX_KEY_LENGTH = 255;
/** Expansions the mock makes (what our adapter asks for); any other is a gap in the mock, reported. */
const EXPANSIONS = new Set(['payment_method', 'destination', 'number', 'cvc']);

/** The component an event's object is: `payment_intent.succeeded` a payment_intent, `issuing_card.created` an issuing.card. */
const objectSchemaOf = (eventType: string): string =>
  eventType.slice(0, eventType.lastIndexOf('.')).replace(/^issuing_/, 'issuing.');

const urlOf = (server: Server): string => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const SECRET_KEY = /^(sk|rk)_(test|live)_\w+$/;

/** The key of `Authorization: Bearer <key>` or, as Stripe's document also allows (curl -u), `Basic base64(<key>:)`. */
const apiKeyOf = (authorization = ''): string => {
  const [scheme = '', credentials = ''] = authorization.split(' ');
  if (scheme === 'Bearer') return credentials;
  return scheme === 'Basic' ? (Buffer.from(credentials, 'base64').toString('utf8').split(':')[0] ?? '') : '';
};

const header = (request: IncomingMessage, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

/**
 * Stripe's API on 127.0.0.1, for contract tests: every request is checked against its operation
 * in Stripe's official OpenAPI document and refused as Stripe refuses (400 `invalid_request_error`
 * naming the param); answers are built from the operation's response schema with what the
 * scenario sets, and checked against that schema too. A shape the mock got wrong, or a request it
 * does not implement, is kept and makes `close()` fail. Start one per test file: loading the
 * document and compiling its schemas costs about a second.
 */
export class StripeMock {
  readonly requests: RecordedStripeRequest[] = [];
  private readonly problems: string[] = [];
  private readonly idempotency = new Map<string, { fingerprint: string; answer: StripeAnswer }>();
  private readonly sockets = new Set<Socket>();
  private faults: { kind: StripeFault; remaining: number }[] = [];
  private lastVersion: string | undefined;

  private constructor(
    private readonly server: Server,
    private readonly requestContract: StripeRequestContract,
    private readonly responseContract: StripeResponseContract,
    private readonly account: StripeAccount,
    private readonly issuing: IssuingAccount,
    private readonly identity: IdentitySessions,
    private readonly bankPayouts: BankPayouts,
    private readonly sentEvents: StripeEvents,
  ) {
    this.resources = [issuing, identity, bankPayouts];
  }

  private readonly resources: readonly StripeResource[];

  /** On `port` (0, the default: any free one). */
  static async start(port = 0): Promise<StripeMock> {
    const document = readStripeDocument();
    const server = createServer();
    const events = new StripeEvents(document);
    const account = new StripeAccount(document, () => urlOf(server), events);
    const resources = [
      new IssuingAccount(events),
      new IdentitySessions(document, events),
      new BankPayouts(document, events),
    ] as const;
    const operations = [...OPERATIONS, ...resources.flatMap((resource) => resource.operations)];
    const schemas = [...ANSWERED_SCHEMAS, ...resources.flatMap((resource) => resource.schemas)];
    const mock = new StripeMock(
      server,
      await StripeRequestContract.load(operations),
      new StripeResponseContract(document).prepare(schemas),
      account,
      ...resources,
      events,
    );
    server.on('connection', (socket) => {
      mock.sockets.add(socket);
      socket.on('close', () => mock.sockets.delete(socket));
    });
    server.on('request', (request, response) => void mock.serve(request, response));
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    return mock;
  }

  get url(): string {
    return urlOf(this.server);
  }

  /** The next `times` requests fail this way (after they are checked against the document). */
  fail(kind: StripeFault, times = 1): void {
    this.faults.push({ kind, remaining: times });
  }

  /** Stripe answers again (the faults not yet used are dropped). */
  recover(): void {
    this.faults = [];
  }

  /** How Stripe asks for 3-D Secure from now on (by default as Stripe chooses: a redirect when there is a return_url). */
  useNextAction(kind: NextActionKind | undefined): void {
    this.account.nextAction = kind;
  }

  /** The cardholder completes (or fails) 3-D Secure at the issuer; answers the event Stripe sends about it. */
  authenticate(paymentIntentId: string, outcome: AuthenticationOutcome): Record<string, unknown> {
    return this.account.authenticate(paymentIntentId, outcome, this.networkContext());
  }

  /**
   * A shop's processor asks the card network about an issued card: the authorization Stripe
   * makes, and, unless Stripe declined it itself, the `issuing_authorization.request` event our
   * endpoint must answer (then `settle` with the answer).
   */
  networkAuthorize(
    cardId: string,
    ask: NetworkAsk,
  ): { authorization: Record<string, unknown>; event?: Record<string, unknown> } {
    return this.issuing.authorize(cardId, ask, this.networkContext());
  }

  /** Stripe takes our endpoint's answer to its real-time request (or its absence). */
  settle(authorizationId: string, outcome: RequestOutcome): Record<string, unknown> {
    return this.issuing.settle(authorizationId, outcome, this.networkContext());
  }

  /** The person finishes a Stripe Identity check; answers the event Stripe sends about it. */
  completeVerification(sessionId: string, outcome: IdentityOutcome): Record<string, unknown> {
    return this.identity.complete(sessionId, outcome, this.networkContext());
  }

  /** The receiving bank answers a pending payout (paid, or returned for a failing test account); the event Stripe sends. */
  settlePayout(payoutId: string): Record<string, unknown> {
    return this.bankPayouts.settle(payoutId, this.networkContext());
  }

  /** The events Stripe would have sent, oldest first. */
  events(type?: string): Record<string, unknown>[] {
    return this.sentEvents.sent.filter((event) => type === undefined || event['type'] === type);
  }

  /**
   * An event as Stripe delivers it to an endpoint: the JSON body and its `Stripe-Signature`
   * header. Throws when the event is not one by Stripe's schema (an event, and its object by its own).
   */
  signed(
    event: Record<string, unknown>,
    secret: string,
    timestamp = Math.floor(Date.now() / 1000),
  ): { payload: string; signature: string } {
    const problems = [
      ...this.responseContract.problems('event', event),
      ...this.responseContract.problems(
        objectSchemaOf(String(event['type'])),
        (event['data'] as { object?: unknown } | undefined)?.object,
      ),
    ];
    if (problems.length > 0) throw new Error(`stripe-mock: ${problems.join('; ')}`);
    const payload = JSON.stringify(event, null, 2);
    return { payload, signature: signatureHeader(payload, secret, timestamp) };
  }

  /** Stops the server (an unanswered request is cut); fails when an answer of the mock broke Stripe's schema. */
  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    if (this.problems.length > 0) throw new Error(`stripe-mock:\n  ${this.problems.join('\n  ')}`);
  }

  private async serve(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const body = await readBody(request);
    const [path = '', query = ''] = (request.url ?? '').split('?');
    const method = request.method ?? 'GET';
    const idempotencyKey = header(request, 'idempotency-key');
    const stripeVersion = header(request, 'stripe-version');
    this.lastVersion = stripeVersion ?? this.lastVersion;
    const outcome =
      this.refusedHeaders(request, stripeVersion, idempotencyKey) ??
      this.outcomeOf({ method, path, query, body }, { stripeVersion, idempotencyKey });
    const answer = outcome.kind === 'answer' ? outcome.answer : undefined;
    this.requests.push({
      method,
      path,
      ...(outcome.body && { body: outcome.body }),
      ...(idempotencyKey !== undefined && { idempotencyKey }),
      ...(stripeVersion !== undefined && { stripeVersion }),
      ...(answer && { status: answer.status }),
    });
    if (outcome.kind === 'fault') return answerFault(response, outcome.fault);
    if (outcome.replayed) response.setHeader('Idempotent-Replayed', 'true');
    this.problems.push(...this.responseContract.problems(outcome.answer.schema, outcome.answer.body));
    response
      .writeHead(outcome.answer.status, { 'content-type': 'application/json', 'request-id': stripeId('req') })
      .end(JSON.stringify(outcome.answer.body));
  }

  /** Checked against the document, then a fault, a replay, Stripe's idempotency error or the account's answer. */
  private outcomeOf(incoming: IncomingStripeRequest, context: RequestContext): Outcome {
    const checked = this.requestContract.check(incoming);
    if (!checked.ok) return { kind: 'answer', answer: { ...checked, schema: 'error' } };
    const { body, query, operationId } = checked.request;
    const fault = this.takeFault();
    if (fault === 'server-error') {
      return {
        kind: 'answer',
        body,
        answer: errorAnswer(500, { type: 'api_error', message: 'An unknown error occurred' }),
      };
    }
    if (fault) return { kind: 'fault', body, fault };
    const { idempotencyKey } = context;
    const fingerprint = `${incoming.method} ${incoming.path} ${canonicalJson(body)}`;
    const earlier = idempotencyKey === undefined ? undefined : this.idempotency.get(idempotencyKey);
    if (earlier && earlier.fingerprint !== fingerprint) {
      return { kind: 'answer', body, answer: idempotencyError(idempotencyKey ?? '') };
    }
    if (earlier) return { kind: 'answer', body, answer: earlier.answer, replayed: true };
    this.checkExpansions(body['expand'] ?? query['expand']);
    const answer =
      this.account.handle(checked.request, context) ??
      this.resources.map((resource) => resource.handle(checked.request, context)).find(Boolean) ??
      this.notImplemented(operationId);
    if (incoming.method === 'POST' && idempotencyKey !== undefined) {
      this.idempotency.set(idempotencyKey, { fingerprint, answer });
    }
    return { kind: 'answer', body, answer };
  }

  /** Stripe's own refusals of the headers: no key, an API version that is not one, a key over 255 characters. */
  private refusedHeaders(request: IncomingMessage, version?: string, key?: string): Outcome | undefined {
    const refusal = (status: number, message: string): Outcome => ({
      kind: 'answer',
      answer: errorAnswer(status, { type: 'invalid_request_error', message }),
    });
    if (!SECRET_KEY.test(apiKeyOf(header(request, 'authorization')))) {
      return refusal(
        401,
        'You did not provide an API key. You need to provide your API key in the Authorization header.',
      );
    }
    if (version === undefined) this.problems.push(`${request.method} ${request.url}: no Stripe-Version header`);
    else if (!API_VERSION.test(version)) return refusal(400, `Invalid Stripe API version: ${version}`);
    if (key !== undefined && key.length > MAX_KEY_LENGTH) {
      return refusal(400, `Invalid idempotency key: must be at most ${MAX_KEY_LENGTH} characters.`);
    }
    return undefined;
  }

  /** Events the network causes carry no request of ours; the API version is the last one we sent. */
  private networkContext(): RequestContext {
    return { stripeVersion: this.lastVersion, idempotencyKey: undefined };
  }

  private takeFault(): StripeFault | undefined {
    const [fault] = this.faults;
    if (!fault) return undefined;
    fault.remaining -= 1;
    if (fault.remaining <= 0) this.faults = this.faults.slice(1);
    return fault.kind;
  }

  private checkExpansions(expand: unknown): void {
    const unknown = Array.isArray(expand) ? expand.filter((field) => !EXPANSIONS.has(String(field))) : [];
    if (unknown.length > 0) this.problems.push(`expand ${unknown.join(', ')}: the mock does not expand it`);
  }

  private notImplemented(operationId: string): StripeAnswer {
    this.problems.push(`${operationId}: not implemented by the mock`);
    return errorAnswer(500, { type: 'api_error', message: `stripe-mock does not implement ${operationId}` });
  }
}

/** No answer at all (the socket stays open until the client gives up), or an answer that is not Stripe's. */
const answerFault = (response: ServerResponse, fault: Exclude<StripeFault, 'server-error'>): void => {
  if (fault === 'timeout') return;
  const [type, text] =
    fault === 'not-json'
      ? ['text/html', '<html><body>Bad gateway</body></html>']
      : ['application/json', '{"id":42,"object":"payment_intent"}'];
  response.writeHead(200, { 'content-type': type }).end(text);
};

const idempotencyError = (key: string): StripeAnswer =>
  errorAnswer(400, {
    type: 'idempotency_error',
    message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
  });
