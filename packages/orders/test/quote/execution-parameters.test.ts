import * as E from 'fp-ts/lib/Either.js';
import { normalizeExecutionParameters, type ExecutionParametersInput } from '../../src/index.js';

const code = (kind: 'onramp' | 'offramp', input: ExecutionParametersInput) => {
  const result = normalizeExecutionParameters(kind, input);
  return E.isLeft(result) ? result.left.code : result.right;
};

describe('normalizeExecutionParameters', () => {
  it('defaults an onramp item to exact-in with a 500 bps tolerance', () => {
    expect(code('onramp', { amount: '5' })).toEqual({ mode: 'exact-in', amount: '5', maxSlippageBps: '500' });
  });
  it('keeps what the client chose', () => {
    expect(code('onramp', { mode: 'exact-out', amount: '0.5', maxSlippageBps: '0' })).toEqual({
      mode: 'exact-out',
      amount: '0.5',
      maxSlippageBps: '0',
    });
    expect(code('offramp', { mode: 'exact-in', amount: '10' })).toEqual({ mode: 'exact-in', amount: '10' });
  });
  it.each<[string, 'onramp' | 'offramp', ExecutionParametersInput, string]>([
    ['an unknown mode', 'onramp', { mode: 'exact', amount: '1' }, 'invalid_execution_mode'],
    ['exact-out for offramp', 'offramp', { mode: 'exact-out', amount: '1' }, 'invalid_execution_mode'],
    ['a zero amount', 'onramp', { amount: '0.00' }, 'invalid_amount'],
    ['a negative amount', 'onramp', { amount: '-1' }, 'invalid_amount'],
    ['an exponent', 'onramp', { amount: '1e3' }, 'invalid_amount'],
    ['a tolerance above 10000 bps', 'onramp', { amount: '1', maxSlippageBps: '10001' }, 'invalid_max_slippage_bps'],
    ['a fractional tolerance', 'onramp', { amount: '1', maxSlippageBps: '1.5' }, 'invalid_max_slippage_bps'],
    ['a tolerance on offramp', 'offramp', { amount: '1', maxSlippageBps: '50' }, 'invalid_max_slippage_bps'],
  ])('refuses %s', (_, kind, input, expected) => {
    expect(code(kind, input)).toBe(expected);
  });
});
