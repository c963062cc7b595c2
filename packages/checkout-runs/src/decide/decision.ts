import type { DomainError } from '@paykit/kernel';
import * as E from 'fp-ts/lib/Either.js';
import { runErrors } from '../errors.js';
import type { CheckoutRunEvent } from '../events.js';
import { type RunStatus, isFinalStatus } from '../run/statuses.js';
import { hasCharactersBetween } from '../run/text.js';
import type { CheckoutRun } from '../state.js';

export type Decision = E.Either<DomainError, readonly CheckoutRunEvent[]>;

export const emit = (...events: CheckoutRunEvent[]): Decision => E.right(events);
export const nothing = (): Decision => E.right([]);
export const refuse = (error: DomainError): Decision => E.left(error);

/** The first refusal among checks given in order of precedence, or null when all pass. */
export const firstRefusal = (...checks: (() => DomainError | null)[]): DomainError | null => {
  for (const check of checks) {
    const error = check();
    if (error) return error;
  }
  return null;
};

export const notFinal = (run: CheckoutRun) => (): DomainError | null =>
  isFinalStatus(run.status) ? runErrors.final(run.status) : null;

export const heldBy = (run: CheckoutRun, runnerId: string) => (): DomainError | null =>
  run.lease?.runnerId === runnerId ? null : runErrors.leaseNotHeld(runnerId);

export const inStatus =
  (run: CheckoutRun, ...expected: RunStatus[]) =>
  (): DomainError | null =>
    expected.includes(run.status) ? null : runErrors.wrongStatus(run.status, expected);

export const notCancelling = (run: CheckoutRun) => (): DomainError | null =>
  run.cancellationRequested ? runErrors.cancellationRequested() : null;

export const noPaymentInFlight = (run: CheckoutRun) => (): DomainError | null =>
  run.payment ? runErrors.paymentInFlight(run.payment.attemptId) : null;

export const textWithin =
  (field: string, text: unknown, limits: { min: number; max: number }) => (): DomainError | null =>
    typeof text === 'string' && hasCharactersBetween(text, limits)
      ? null
      : runErrors.invalidField(field, `must be ${limits.min} to ${limits.max} characters`);

export const nonEmpty = (field: string, text: unknown) => (): DomainError | null =>
  typeof text === 'string' && text.length > 0 ? null : runErrors.invalidField(field, 'must be a non-empty string');

export const later = (field: string, time: Date, now: Date) => (): DomainError | null =>
  time.getTime() > now.getTime() ? null : runErrors.invalidField(field, 'must be later than now');

export const absoluteUrl = (field: string, value: unknown) => (): DomainError | null =>
  typeof value === 'string' && URL.canParse(value) ? null : runErrors.invalidField(field, 'must be an absolute URL');

export const iso = (time: Date): string => time.toISOString();
