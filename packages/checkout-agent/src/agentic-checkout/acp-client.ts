import type { IdGenerator } from '@paykit/kernel';
import type { SafeHttp } from '../safety/safe-http.js';
import { MerchantAccessBlockedError } from '../strategy/strategy-errors.js';
import { type AcpError, type AcpSession, readError, readSession } from './acp-session.js';
import type { AcpEndpoint } from './discovery.js';

/** ACP address (2025 `fulfillment_address`, or `fulfillment_details.address` in 2026). */
export interface AcpAddress {
  readonly name: string;
  readonly line_one: string;
  readonly line_two?: string;
  readonly city: string;
  readonly state?: string;
  readonly country: string;
  readonly postal_code: string;
  readonly phone_number?: string;
}

export interface AcpBuyer {
  readonly first_name: string;
  readonly last_name?: string;
  readonly email: string;
  readonly phone_number?: string;
}

export interface SessionChanges {
  readonly items?: readonly { readonly id: string; readonly quantity: number }[];
  readonly address?: AcpAddress;
  readonly buyer?: AcpBuyer;
  readonly fulfillmentOptionId?: string;
}

export type AcpAnswer =
  | { readonly ok: true; readonly status: number; readonly session: AcpSession }
  | { readonly ok: false; readonly status: number; readonly error: AcpError };

export interface AcpClientOptions {
  readonly http: SafeHttp;
  readonly endpoint: AcpEndpoint;
  readonly ids: IdGenerator;
  readonly signal: AbortSignal;
  readonly timeoutMs?: number;
  /** Completing a payment may take longer than other calls. */
  readonly completeTimeoutMs?: number;
}

/**
 * The checkout sessions of the Agentic Commerce Protocol: create, update, get, complete,
 * cancel. Every write carries an `Idempotency-Key`, so a retried request (the same key) can
 * never act twice. A 403 is the merchant refusing this client (MerchantAccessBlockedError).
 */
export class AcpClient {
  constructor(private readonly options: AcpClientOptions) {}

  create(changes: SessionChanges & { readonly items: NonNullable<SessionChanges['items']> }): Promise<AcpAnswer> {
    return this.send('POST', '/checkout_sessions', this.body(changes), this.options.ids.uuid());
  }

  update(sessionId: string, changes: SessionChanges): Promise<AcpAnswer> {
    return this.send('POST', `/checkout_sessions/${encodeURIComponent(sessionId)}`, this.body(changes), this.options.ids.uuid());
  }

  get(sessionId: string): Promise<AcpAnswer> {
    return this.send('GET', `/checkout_sessions/${encodeURIComponent(sessionId)}`);
  }

  /** `idempotencyKey` is the payment attempt: repeating the call after a timeout cannot pay twice. */
  complete(sessionId: string, payment: { token: string; provider: string }, buyer: AcpBuyer, idempotencyKey: string): Promise<AcpAnswer> {
    return this.send(
      'POST',
      `/checkout_sessions/${encodeURIComponent(sessionId)}/complete`,
      { buyer, payment_data: { token: payment.token, provider: payment.provider } },
      idempotencyKey,
      this.options.completeTimeoutMs,
    );
  }

  cancel(sessionId: string): Promise<AcpAnswer> {
    return this.send('POST', `/checkout_sessions/${encodeURIComponent(sessionId)}/cancel`, {}, this.options.ids.uuid());
  }

  private body(changes: SessionChanges): Record<string, unknown> {
    const { dialect } = this.options.endpoint;
    const body: Record<string, unknown> = {};
    if (changes.items) body.items = changes.items;
    if (changes.buyer) body.buyer = changes.buyer;
    if (changes.address) {
      if (dialect === 'fulfillment_address') body.fulfillment_address = changes.address;
      else
        body.fulfillment_details = {
          name: changes.address.name,
          ...(changes.buyer ? { email: changes.buyer.email } : {}),
          ...(changes.address.phone_number ? { phone_number: changes.address.phone_number } : {}),
          address: changes.address,
        };
    }
    if (changes.fulfillmentOptionId) {
      if (dialect === 'fulfillment_address') body.fulfillment_option_id = changes.fulfillmentOptionId;
      else body.selected_fulfillment_options = [{ type: 'shipping', option_id: changes.fulfillmentOptionId }];
    }
    return body;
  }

  private async send(method: 'GET' | 'POST', path: string, json?: unknown, idempotencyKey?: string, timeoutMs?: number): Promise<AcpAnswer> {
    const url = `${this.options.endpoint.apiBaseUrl}${path}`;
    const response = await this.options.http.request(url, {
      method,
      headers: {
        'api-version': this.options.endpoint.version,
        ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
      },
      ...(json === undefined ? {} : { json }),
      signal: this.options.signal,
      ...(timeoutMs ?? this.options.timeoutMs ? { timeoutMs: timeoutMs ?? this.options.timeoutMs } : {}),
    });
    if (response.status === 403) throw new MerchantAccessBlockedError(url);
    const body = response.json();
    const session = response.status < 300 ? readSession(body) : null;
    if (session) return { ok: true, status: response.status, session };
    return { ok: false, status: response.status, error: readError(body) };
  }
}
