import { type Clock, type IdGenerator } from '@paykit/kernel';
import { toDecimalString } from '../pricing/money.js';
import { type PaymentMethod } from './gateway.js';

/** The protocol's Allowance: what a delegated payment token may be used for, and until when. */
export interface Allowance {
  readonly reason: 'one_time';
  /** Minor units of `currency`. */
  readonly maxAmount: number;
  /** Lowercase ISO 4217. */
  readonly currency: string;
  readonly checkoutSessionId: string;
  readonly merchantId: string;
  readonly expiresAt: Date;
}

interface DelegatedToken {
  readonly method: PaymentMethod;
  readonly allowance: Allowance;
  spent: boolean;
}

export interface Charge {
  readonly checkoutSessionId: string;
  readonly merchantId: string;
  /** Minor units. */
  readonly amount: number;
  readonly currency: string;
}

export type Redemption =
  { readonly ok: true; readonly method: PaymentMethod } | { readonly ok: false; readonly reason: string };

const money = (minor: number, currency: string) => `${toDecimalString(minor)} ${currency.toLowerCase()}`;

/**
 * Delegated payment tokens (`vt_...`) and their allowances, as the Delegate Payment spec asks of
 * whoever issues them: a token is usable only within its allowance (reason, amount, currency,
 * checkout session, merchant) and never at or after `expires_at`; `one_time` means one charge.
 * The credential behind a token never leaves this store.
 */
export class DelegatedTokens {
  private readonly tokens = new Map<string, DelegatedToken>();

  constructor(private readonly deps: { readonly ids: IdGenerator; readonly clock: Clock }) {}

  issue(method: PaymentMethod, allowance: Allowance): { readonly id: string; readonly created: Date } {
    const id = `vt_${this.deps.ids.uuid().replace(/-/g, '')}`;
    this.tokens.set(id, { method, allowance, spent: false });
    return { id, created: this.deps.clock.now() };
  }

  knows(token: string): boolean {
    return this.tokens.has(token);
  }

  /** Whether `charge` lies within the token's allowance; nothing is used up until `spend`. */
  redeem(token: string, charge: Charge): Redemption {
    const entry = this.tokens.get(token);
    if (!entry) return { ok: false, reason: 'Unknown payment token.' };
    const { allowance } = entry;
    if (entry.spent) return { ok: false, reason: 'This one-time payment token has already been used.' };
    if (this.deps.clock.now().getTime() >= allowance.expiresAt.getTime()) {
      return { ok: false, reason: `The payment token expired at ${allowance.expiresAt.toISOString()}.` };
    }
    if (allowance.checkoutSessionId !== charge.checkoutSessionId)
      return { ok: false, reason: 'The payment token was issued for another checkout session.' };
    if (allowance.merchantId !== charge.merchantId)
      return { ok: false, reason: 'The payment token was issued for another merchant.' };
    if (allowance.currency !== charge.currency.toLowerCase()) {
      return {
        ok: false,
        reason: `The payment token allows payments in ${allowance.currency}, not ${charge.currency.toLowerCase()}.`,
      };
    }
    if (charge.amount > allowance.maxAmount) {
      return {
        ok: false,
        reason: `The payment token allows at most ${money(allowance.maxAmount, allowance.currency)}; the total is ${money(charge.amount, charge.currency)}.`,
      };
    }
    return { ok: true, method: entry.method };
  }

  spend(token: string): void {
    const entry = this.tokens.get(token);
    if (entry) entry.spent = true;
  }
}
