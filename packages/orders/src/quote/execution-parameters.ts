import * as E from 'fp-ts/lib/Either.js';
import { invalid, type DomainError } from '@paykit/kernel';

export type ExecutionMode = 'exact-in' | 'exact-out';

/**
 * How a line item is bought. exact-in: `amount` is what the buyer spends (in the payment
 * currency); exact-out: `amount` is the quantity of the item the buyer receives.
 */
export interface ExecutionParameters {
  readonly mode: ExecutionMode;
  readonly amount: string;
  /** Onramp only: how much worse than the quote the delivery price may be, in basis points. */
  readonly maxSlippageBps?: string;
}

/** What a client may send: the mode defaults to exact-in. */
export interface ExecutionParametersInput {
  readonly mode?: string;
  readonly amount: string;
  readonly maxSlippageBps?: string;
}

/** Applied when an onramp line item names no tolerance (5%). */
export const DEFAULT_MAX_SLIPPAGE_BPS = '500';

const BPS = /^(0|[1-9]\d{0,4})$/;
const POSITIVE_DECIMAL = /^(0|[1-9]\d*)(\.\d+)?$/;

export const isBasisPoints = (value: string): boolean => BPS.test(value) && Number(value) <= 10_000;

/**
 * Validates a line item's execution parameters and applies the defaults, so the handler that
 * asks for a quote and the decider that stores it see the same parameters.
 */
export const normalizeExecutionParameters = (
  kind: 'onramp' | 'offramp',
  input: ExecutionParametersInput,
): E.Either<DomainError, ExecutionParameters> => {
  const mode = input.mode ?? 'exact-in';
  if (mode !== 'exact-in' && mode !== 'exact-out') {
    return E.left(invalid('invalid_execution_mode', `executionParameters.mode must be exact-in or exact-out`));
  }
  if (kind === 'offramp' && mode !== 'exact-in') {
    return E.left(
      invalid('invalid_execution_mode', 'offramp line items only support executionParameters.mode exact-in'),
    );
  }
  if (!POSITIVE_DECIMAL.test(input.amount) || /^0(\.0+)?$/.test(input.amount)) {
    return E.left(invalid('invalid_amount', 'executionParameters.amount must be a positive decimal string'));
  }
  if (kind === 'offramp') {
    if (input.maxSlippageBps !== undefined) {
      return E.left(invalid('invalid_max_slippage_bps', 'offramp line items do not take maxSlippageBps'));
    }
    return E.right({ mode, amount: input.amount });
  }
  const maxSlippageBps = input.maxSlippageBps ?? DEFAULT_MAX_SLIPPAGE_BPS;
  if (!isBasisPoints(maxSlippageBps)) {
    return E.left(
      invalid(
        'invalid_max_slippage_bps',
        'executionParameters.maxSlippageBps must be an integer string from 0 to 10000',
      ),
    );
  }
  return E.right({ mode, amount: input.amount, maxSlippageBps });
};
