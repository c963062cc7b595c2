import { DEFAULT_RUN_POLICY } from '../src/index.js';
import { cmd } from './commands.js';
import { RUNNER, at, ev, given, input, iso, spec } from './fixtures.js';

const create = cmd.create;

describe('creating a run', () => {
  it('queues the run with its input and the default budgets', () => {
    spec.given([]).when(create()).then([ev.created()]);
  });

  it('records budgets given at creation, so later configuration changes leave the run alone', () => {
    spec
      .given([])
      .when(create({ policy: { maxTakeovers: 0 } }))
      .then([ev.created({ ...DEFAULT_RUN_POLICY, maxTakeovers: 0 })]);
  });

  it('refuses a second creation of the same run', () => {
    spec.given(given.queued()).when(create()).thenFails({ code: 'checkout_run_exists', kind: 'conflict' });
  });

  it.each([
    ['0', 'amount'],
    ['0.0', 'amount'],
    ['-1', 'amount'],
    ['1.1234567', 'amount'],
    ['1234567890123456', 'amount'],
  ])('refuses a maxCost amount of %s: the payment guard relies on it', (amount) => {
    spec
      .given([])
      .when(create({ input: { ...input, constraints: { maxCost: { amount, currency: 'USD' } } } }))
      .thenFails({ code: 'invalid_command', parameters: { field: 'input.constraints.maxCost.amount' } });
  });

  it('refuses a maxCost currency that is not three uppercase letters', () => {
    spec
      .given([])
      .when(create({ input: { ...input, constraints: { maxCost: { amount: '1', currency: 'usd' } } } }))
      .thenFails({ code: 'invalid_command', parameters: { field: 'input.constraints.maxCost.currency' } });
  });

  it.each([['runId'], ['projectId'], ['owner']])('refuses an empty %s', (field) => {
    spec
      .given([])
      .when(create({ [field]: '' }))
      .thenFails({ code: 'invalid_command', parameters: { field } });
  });

  it.each([{ maxTakeovers: -1 }, { maxSteps: 0 }, { maxDurationMs: 1.5 }])('refuses a budget of %j', (policy) => {
    spec
      .given([])
      .when(create({ policy }))
      .thenFails({ code: 'invalid_command', parameters: { field: 'policy' } });
  });

  it('answers not found for any other command on a run that does not exist', () => {
    spec
      .given([])
      .when({ type: 'Cancel', data: { now: at(1) } })
      .thenFails({ code: 'checkout_run_not_found', kind: 'not_found' });
    spec
      .given([])
      .when({ type: 'Claim', data: { runnerId: RUNNER, leaseUntil: at(60), now: at(1) } })
      .thenFails({ code: 'checkout_run_not_found' });
  });

  it('stamps createdAt in UTC ending in Z', () => {
    const [event] = spec.given([]).when(create()).events();
    expect(event?.type === 'CheckoutRunCreated' && event.data.createdAt).toBe(iso(0));
    expect(iso(0)).toMatch(/Z$/);
  });
});
