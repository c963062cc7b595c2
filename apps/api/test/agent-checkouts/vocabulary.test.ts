import { BLOCKED_CODES, FAILURE_REASONS, RUN_STATUSES } from '@paykit/checkout-runs';
import {
  AGENT_CHECKOUT_BLOCKED_CODES,
  AGENT_CHECKOUT_FAILURE_REASONS,
  AGENT_CHECKOUT_STATUSES,
} from '@paykit/contracts';

// The spec's enumerations live twice, as domain constants and as wire enums; the API joins them.
describe('the run vocabulary of the domain and of the wire', () => {
  it.each([
    ['statuses', RUN_STATUSES, AGENT_CHECKOUT_STATUSES],
    ['failure reasons', FAILURE_REASONS, AGENT_CHECKOUT_FAILURE_REASONS],
    ['blocked codes', BLOCKED_CODES, AGENT_CHECKOUT_BLOCKED_CODES],
  ] as const)('has the same %s', (_name, domain, wire) => {
    expect([...domain].sort()).toEqual([...wire].sort());
  });
});
