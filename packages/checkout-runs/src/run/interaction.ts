import type { Money } from '@paykit/kernel';

/** How the user is asked: a form described by JSON Schema, a payment approval, or a secret. */
export type InputInteraction =
  | { readonly kind: 'form'; readonly schema: Readonly<Record<string, unknown>> }
  | { readonly kind: 'payment'; readonly amount: PaymentAmount }
  | { readonly kind: 'protected'; readonly format: 'password' };

/** The amount to approve: exactly this, or at most this. */
export interface PaymentAmount extends Money {
  readonly type: 'exact' | 'maximum';
}

export interface InputRequest {
  readonly expiresAt: string;
  readonly question: string;
  readonly interaction: InputInteraction;
}

export const INPUT_ACTIONS = ['submit', 'alternative', 'decline'] as const;
export type InputAction = (typeof INPUT_ACTIONS)[number];

/**
 * The answer the runner acts on. A protected answer carries only `secretRef`, a reference to
 * the secret held outside the event stream: passwords never enter events or messages.
 */
export interface InputAnswer {
  readonly messageId: string;
  readonly action: InputAction;
  readonly value?: unknown;
  readonly text?: string;
  readonly secretRef?: string;
  readonly answeredAt: string;
}

export type InputRequestStatus = 'pending' | 'answered' | 'expired' | 'withdrawn';

export interface InputRequestRecord {
  readonly requestId: string;
  readonly messageId: string;
  readonly request: InputRequest;
  readonly requestedAt: string;
  readonly status: InputRequestStatus;
  readonly answer: InputAnswer | null;
}

/** question: 1 to 2000 characters, like a result summary. */
export const QUESTION_LIMITS = { min: 1, max: 2000 } as const;
