import type { Clock, IdGenerator } from '@paykit/kernel';
import type { SafeHttp } from '../safety/safe-http.js';
import { MerchantAccessBlockedError } from '../strategy/strategy-errors.js';
import { type AcpError, type AcpSession, readError, readSession } from './acp-session.js';
import type { AcpBuyer } from './acp-types.js';
import type { DelegatePaymentRequest } from './delegated-payment.js';
import type { AcpEndpoint } from './discovery.js';
import { type AcpMerchantCredential, authenticationHeaders } from './merchant-credentials.js';
import { type PaymentRoute, type SessionChanges, encodeCompleteBody, encodeSessionBody } from './protocol/encode.js';
import { VERSION_SHAPES } from './protocol/version-shapes.js';

export type AcpAnswer =
  | { readonly ok: true; readonly status: number; readonly session: AcpSession }
  | { readonly ok: false; readonly status: number; readonly error: AcpError };

export type DelegateAnswer =
  | { readonly ok: true; readonly token: string }
  | { readonly ok: false; readonly status: number; readonly error: AcpError };

export interface AcpClientOptions {
  readonly http: SafeHttp;
  readonly endpoint: AcpEndpoint;
  /** The deployment's credential for this merchant; without one no `Authorization` is sent. */
  readonly credential: AcpMerchantCredential | null;
  readonly ids: IdGenerator;
  readonly clock: Clock;
  readonly signal: AbortSignal;
  readonly timeoutMs?: number;
  /** Completing a payment may take longer than other calls. */
  readonly completeTimeoutMs?: number;
}

const DELEGATE_PAYMENT_PATH = '/agentic_commerce/delegate_payment';

/**
 * The checkout sessions of the Agentic Commerce Protocol (create, update, get, complete, cancel)
 * and its delegate_payment, in the field names of the endpoint's API version. Every request
 * carries `API-Version` and the merchant's credential; every write an `Idempotency-Key`, so a
 * retried request can never act twice. A 403 is the merchant refusing this client.
 */
export class AcpClient {
  private readonly shape;

  constructor(private readonly options: AcpClientOptions) {
    this.shape = VERSION_SHAPES[options.endpoint.version];
  }

  /** The version pays through a declared payment handler rather than a provider name. */
  get usesPaymentHandlers(): boolean {
    return this.shape.payment === 'instrument';
  }

  create(
    changes: SessionChanges & { readonly items: NonNullable<SessionChanges['items']> },
    currency: string,
  ): Promise<AcpAnswer> {
    return this.session(
      'POST',
      '/checkout_sessions',
      encodeSessionBody(changes, this.shape, { currency }),
      this.options.ids.uuid(),
    );
  }

  update(sessionId: string, changes: SessionChanges): Promise<AcpAnswer> {
    return this.session(
      'POST',
      `/checkout_sessions/${encodeURIComponent(sessionId)}`,
      encodeSessionBody(changes, this.shape),
      this.options.ids.uuid(),
    );
  }

  get(sessionId: string): Promise<AcpAnswer> {
    return this.session('GET', `/checkout_sessions/${encodeURIComponent(sessionId)}`);
  }

  /** `idempotencyKey` is the payment attempt: repeating the call after a timeout cannot pay twice. */
  complete(
    sessionId: string,
    token: string,
    buyer: AcpBuyer,
    route: PaymentRoute,
    idempotencyKey: string,
  ): Promise<AcpAnswer> {
    const path = `/checkout_sessions/${encodeURIComponent(sessionId)}/complete`;
    return this.session(
      'POST',
      path,
      encodeCompleteBody(token, buyer, route, this.shape),
      idempotencyKey,
      this.options.completeTimeoutMs,
    );
  }

  cancel(sessionId: string): Promise<AcpAnswer> {
    return this.session(
      'POST',
      `/checkout_sessions/${encodeURIComponent(sessionId)}/cancel`,
      {},
      this.options.ids.uuid(),
    );
  }

  /** Exchanges a card credential for a token bound to an allowance; moves no money. */
  async delegatePayment(request: DelegatePaymentRequest): Promise<DelegateAnswer> {
    const { status, body } = await this.send('POST', DELEGATE_PAYMENT_PATH, request, this.options.ids.uuid());
    const id = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).id : undefined;
    if (status === 201 && typeof id === 'string' && id !== '') return { ok: true, token: id };
    return { ok: false, status, error: readError(body) };
  }

  private async session(
    method: 'GET' | 'POST',
    path: string,
    json?: unknown,
    idempotencyKey?: string,
    timeoutMs?: number,
  ): Promise<AcpAnswer> {
    const { status, body } = await this.send(method, path, json, idempotencyKey, timeoutMs);
    const session = status < 300 ? readSession(body) : null;
    if (session) return { ok: true, status, session };
    return { ok: false, status, error: readError(body) };
  }

  private async send(
    method: 'GET' | 'POST',
    path: string,
    json?: unknown,
    idempotencyKey?: string,
    timeoutMs?: number,
  ): Promise<{ status: number; body: unknown }> {
    const url = `${this.options.endpoint.apiBaseUrl}${path}`;
    const timeout = timeoutMs ?? this.options.timeoutMs;
    const response = await this.options.http.request(url, {
      method,
      headers: {
        'api-version': this.options.endpoint.version,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        ...authenticationHeaders(this.options.credential, { method, url, body: json, now: this.options.clock.now() }),
      },
      ...(json === undefined ? {} : { json }),
      signal: this.options.signal,
      ...(timeout ? { timeoutMs: timeout } : {}),
    });
    if (response.status === 403) throw new MerchantAccessBlockedError(url);
    return { status: response.status, body: response.json() };
  }
}
