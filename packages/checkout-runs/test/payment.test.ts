import { cmd } from './commands.js';
import { OTHER_RUNNER, ev, given, iso, spec } from './fixtures.js';

const start = cmd.startPayment;
const notCharged = (attemptId = 'pay-1') => cmd.paymentNotCharged({ attemptId });

describe('the max-cost guard before paying', () => {
  it('lets a payment within maxCost start', () => {
    spec.given(given.browsing()).when(start()).then([ev.paymentStarted()]);
  });

  it('accepts a total exactly at maxCost', () => {
    spec
      .given(given.browsing())
      .when(start({ totalInMaxCostCurrency: '120.500000' }))
      .events();
  });

  it('refuses a total above maxCost, compared exactly in maxCost currency', () => {
    spec
      .given(given.browsing())
      .when(start({ total: { amount: '111.00', currency: 'EUR' }, totalInMaxCostCurrency: '120.500001' }))
      .thenFails({
        code: 'max_cost_exceeded',
        kind: 'unprocessable',
        parameters: { maxCost: '120.50', total: '120.500001' },
      });
  });

  it.each([
    [{ total: { amount: '1e3', currency: 'USD' } }, 'total.amount'],
    [{ total: { amount: '10', currency: 'usd' } }, 'total.currency'],
    [{ totalInMaxCostCurrency: '-1' }, 'totalInMaxCostCurrency'],
    [{ attemptId: '' }, 'attemptId'],
  ])('refuses %j', (overrides, field) => {
    spec.given(given.browsing()).when(start(overrides)).thenFails({ code: 'invalid_command', parameters: { field } });
  });

  it('changes nothing when the same attempt is declared again, refuses a second attempt in flight', () => {
    spec.given(given.paying()).when(start()).thenNothingHappened();
    spec
      .given(given.paying())
      .when(start({ attemptId: 'pay-2' }))
      .thenFails({ code: 'payment_in_flight', parameters: { attemptId: 'pay-1' } });
  });

  it('refuses to start paying after the user asked to cancel, or while waiting for input', () => {
    spec
      .given([...given.browsing(), ev.cancellationRequested()])
      .when(start())
      .thenFails({ code: 'cancellation_requested' });
    spec.given(given.awaiting()).when(start()).thenFails({ code: 'checkout_run_wrong_status' });
  });

  it('refuses a runner without the lease', () => {
    spec
      .given(given.browsing())
      .when(start({ runnerId: OTHER_RUNNER }))
      .thenFails({ code: 'lease_not_held' });
  });
});

describe('an attempt that charged nothing', () => {
  it('is resolved, so the run may try again or end without reconciliation', () => {
    spec
      .given(given.paying())
      .when(notCharged())
      .then([{ type: 'CheckoutRunPaymentNotCharged', data: { attemptId: 'pay-1', recordedAt: iso(7) } }]);
    spec
      .given([
        ...given.paying(),
        { type: 'CheckoutRunPaymentNotCharged', data: { attemptId: 'pay-1', recordedAt: iso(7) } },
      ])
      .when(start({ attemptId: 'pay-2' }))
      .events();
  });

  it('changes nothing when no attempt is in flight, refuses another attempt id', () => {
    spec.given(given.browsing()).when(notCharged()).thenNothingHappened();
    spec.given(given.paying()).when(notCharged('pay-9')).thenFails({ code: 'payment_attempt_mismatch' });
  });
});
