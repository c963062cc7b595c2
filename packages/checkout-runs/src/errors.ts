import { conflict, domainError, invalid, type DomainError } from '@paykit/kernel';
import type { RunStatus } from './run/statuses.js';

/** Every refusal of the checkout-run decider, with its stable code. */
export const runErrors = {
  notFound: (): DomainError => domainError('not_found', 'checkout_run_not_found', 'Not found'),
  alreadyExists: (runId: string): DomainError =>
    conflict('checkout_run_exists', 'A checkout run with this id already exists', { runId }),
  final: (status: RunStatus): DomainError =>
    conflict('checkout_run_final', `The checkout run has already ended (${status})`, { status }),
  wrongStatus: (status: RunStatus, expected: readonly RunStatus[]): DomainError =>
    conflict('checkout_run_wrong_status', `The checkout run is ${status}, expected ${expected.join(' or ')}`, {
      status,
      expected,
    }),
  leaseNotHeld: (runnerId: string): DomainError =>
    conflict('lease_not_held', 'This runner does not hold the lease on the checkout run', { runnerId }),
  cancellationRequested: (): DomainError =>
    conflict(
      'cancellation_requested',
      'The user asked to cancel this checkout run: stop and complete the cancellation',
    ),
  cancellationNotRequested: (): DomainError =>
    conflict('cancellation_not_requested', 'Nobody asked to cancel this checkout run'),
  stepBudgetExhausted: (maxSteps: number): DomainError =>
    conflict('step_budget_exhausted', `The checkout run has used its ${maxSteps} steps`, { maxSteps }),
  inputRequestExists: (requestId: string): DomainError =>
    conflict('input_request_exists', 'An input request with this id already exists', { requestId }),
  inputRequestUnknown: (requestId: string): DomainError =>
    domainError('unprocessable', 'input_request_unknown', 'This checkout run asked no question with this requestId', {
      requestId,
    }),
  inputRequestExpired: (requestId: string): DomainError =>
    conflict('input_request_expired', 'The question has expired', { requestId }),
  inputRequestNotPending: (requestId: string): DomainError =>
    conflict('input_request_not_pending', 'The question is no longer waiting for an answer', { requestId }),
  messageIdConflict: (messageId: string): DomainError =>
    conflict('message_id_conflict', 'A different message was already sent with this id', { messageId }),
  paymentInFlight: (attemptId: string): DomainError =>
    conflict('payment_in_flight', 'A payment attempt is unresolved: resolve it first', { attemptId }),
  paymentAttemptMismatch: (attemptId: string): DomainError =>
    conflict('payment_attempt_mismatch', 'No payment attempt with this id is in flight', { attemptId }),
  paymentNotStarted: (): DomainError =>
    conflict('payment_not_started', 'A run succeeds only after a payment attempt passed the max-cost guard'),
  cardAlreadyIssued: (attemptId: string): DomainError =>
    conflict('card_already_issued', 'This payment attempt already has another virtual card', { attemptId }),
  cardCapMismatch: (total: { amount: string; currency: string }): DomainError =>
    conflict('card_cap_mismatch', 'A virtual card is capped at exactly the total the attempt declared', {
      total,
    }),
  cardNotIssued: (attemptId: string): DomainError =>
    conflict('card_not_issued', 'This payment attempt has no virtual card', { attemptId }),
  authorizationConflict: (authorizationId: string): DomainError =>
    conflict('card_authorization_conflict', 'This authorization was recorded differently before', { authorizationId }),
  paymentAuthorized: (attemptId: string): DomainError =>
    conflict('payment_authorized', 'The card issuer approved this payment attempt: money may have moved', {
      attemptId,
    }),
  maxCostExceeded: (maxCost: string, total: string): DomainError =>
    domainError('unprocessable', 'max_cost_exceeded', 'The total is above the run maxCost', { maxCost, total }),
  invalidField: (field: string, rule: string): DomainError => invalid('invalid_command', `${field} ${rule}`, { field }),
};
