import { SandboxCardVault, SandboxFaults, type CardDetails } from '../../src/index.js';
import { clockAt, ids, leftOf, rightOf } from '../support.js';

const card = (overrides: Partial<CardDetails> = {}): CardDetails => ({
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...overrides,
});

const vault = (faults?: SandboxFaults) =>
  new SandboxCardVault({ clock: clockAt('2026-03-15T12:00:00Z'), ids: ids('vault'), ...(faults && { faults }) });

describe('SandboxCardVault', () => {
  it('answers a token and display details, never the number', async () => {
    const token = rightOf(await vault().tokenizeCard(card()));
    expect(token).toEqual({
      token: expect.stringMatching(/^tok_[0-9a-f-]{36}$/),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      expiresAt: '2026-03-15T12:15:00.000Z',
    });
    expect(JSON.stringify(token)).not.toContain('4242424242424242');
  });

  it('is deterministic under a seeded id source', async () => {
    const first = rightOf(await vault().tokenizeCard(card()));
    const second = rightOf(await vault().tokenizeCard(card()));
    expect(second.token).toBe(first.token);
  });

  it('remembers the test behaviour of the number for the processor', async () => {
    const sandbox = vault();
    const token = rightOf(await sandbox.tokenizeCard(card({ number: '4000002500003155' })));
    expect((await sandbox.cardOf(token.token))?.behaviour).toBe('require-verification');
    expect(await sandbox.cardOf('tok_unknown')).toBeUndefined();
    expect(await sandbox.cardOf(`tok_${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`)).toBeUndefined();
  });

  it('refuses a number that fails the Luhn check or the brand length, without repeating it', async () => {
    for (const number of ['4242424242424241', '42424242', '4242-4242-4242-424x']) {
      const error = leftOf(await vault().tokenizeCard(card({ number })));
      expect(error).toMatchObject({ kind: 'invalid', code: 'invalid_card_number' });
      expect(JSON.stringify(error)).not.toContain(number.slice(0, 8));
    }
  });

  it('checks the expiry against the injected clock: good through the end of its month', async () => {
    expect(rightOf(await vault().tokenizeCard(card({ expMonth: 3, expYear: 2026 }))).expYear).toBe(2026);
    expect(leftOf(await vault().tokenizeCard(card({ expMonth: 2, expYear: 2026 }))).code).toBe('card_expired');
    expect(rightOf(await vault().tokenizeCard(card({ expMonth: 1, expYear: 27 }))).expYear).toBe(2027);
  });

  it.each([{ expMonth: 0 }, { expMonth: 13 }, { expMonth: 1.5 }, { expYear: 2060 }, { expYear: -1 }])(
    'refuses the expiry %p',
    async (expiry) => {
      expect(leftOf(await vault().tokenizeCard(card(expiry))).code).toBe('invalid_expiry');
    },
  );

  it('wants 3 digits of security code, 4 for American Express', async () => {
    expect(leftOf(await vault().tokenizeCard(card({ cvc: '12' }))).code).toBe('invalid_cvc');
    expect(leftOf(await vault().tokenizeCard(card({ cvc: '1234' }))).code).toBe('invalid_cvc');
    expect(rightOf(await vault().tokenizeCard(card({ number: '378282246310005', cvc: '1234' }))).brand).toBe('amex');
    expect(leftOf(await vault().tokenizeCard(card({ number: '378282246310005', cvc: '123' }))).code).toBe(
      'invalid_cvc',
    );
  });

  it('answers the vault outage as unavailable', async () => {
    const faults = new SandboxFaults([{ operation: 'cards.tokenizeCard', kind: 'unavailable', times: 1 }]);
    const sandbox = vault(faults);
    expect(leftOf(await sandbox.tokenizeCard(card())).kind).toBe('unavailable');
    expect(rightOf(await sandbox.tokenizeCard(card())).last4).toBe('4242');
  });
});
