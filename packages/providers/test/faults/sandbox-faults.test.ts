import * as E from 'fp-ts/lib/Either.js';
import { parseFaultRules, SandboxFaults } from '../../src/index.js';
import { leftOf, rightOf } from '../support.js';

describe('SandboxFaults', () => {
  it('lets calls through when nothing is injected', () => {
    expect(new SandboxFaults().take('cards.charge')).toBeUndefined();
  });

  it('applies a rule to its operation only, until cleared', () => {
    const faults = new SandboxFaults([{ operation: 'cards.charge', kind: 'unavailable' }]);
    expect(faults.take('cards.charge')).toBe('unavailable');
    expect(faults.take('cards.charge')).toBe('unavailable');
    expect(faults.take('cards.refund')).toBeUndefined();
    faults.clear('cards.charge');
    expect(faults.take('cards.charge')).toBeUndefined();
  });

  it('uses up a counted rule one call at a time', () => {
    const faults = new SandboxFaults([{ operation: 'kyc.getInquiry', kind: 'timeout', times: 2 }]);
    expect([faults.take('kyc.getInquiry'), faults.take('kyc.getInquiry'), faults.take('kyc.getInquiry')]).toEqual([
      'timeout',
      'timeout',
      undefined,
    ]);
  });

  it('matches every call of a party with party.* and every call with *', () => {
    const faults = new SandboxFaults([{ operation: 'payouts.*', kind: 'malformed' }]);
    expect(faults.take('payouts.createPayout')).toBe('malformed');
    expect(faults.take('payoutsX.createPayout')).toBeUndefined();
    faults.clear();
    faults.inject({ operation: '*', kind: 'timeout', times: 1 });
    expect(faults.take('pricing.priceOf')).toBe('timeout');
  });

  it('turns faults into the errors an outage or a bad answer gives', () => {
    const faults = new SandboxFaults([
      { operation: 'cards.charge', kind: 'timeout', times: 1 },
      { operation: 'cards.charge', kind: 'unavailable', times: 1 },
      { operation: 'cards.charge', kind: 'malformed', times: 1 },
    ]);
    const errors = [1, 2, 3].map(() => faults.failureOf('cards', 'charge'));
    expect(errors.map((error) => [error?.kind, error?.code])).toEqual([
      ['unavailable', 'provider_timeout'],
      ['unavailable', 'provider_unavailable'],
      ['upstream_invalid', 'provider_invalid_response'],
    ]);
    expect(errors[0]?.parameters).toEqual({ provider: 'cards', retryAfterSeconds: 5 });
    expect(faults.failureOf('cards', 'charge')).toBeUndefined();
  });

  it('refuses a rule that would never apply', () => {
    expect(() => new SandboxFaults([{ operation: '*', kind: 'timeout', times: 0 }])).toThrow(RangeError);
  });
});

describe('parseFaultRules', () => {
  it('reads operation=kind[:times] lists', () => {
    expect(
      rightOf(parseFaultRules(' cards.charge=unavailable:2, pricing.*=timeout ,kyc.getInquiry=malformed')),
    ).toEqual([
      { operation: 'cards.charge', kind: 'unavailable', times: 2 },
      { operation: 'pricing.*', kind: 'timeout' },
      { operation: 'kyc.getInquiry', kind: 'malformed' },
    ]);
    expect(rightOf(parseFaultRules(''))).toEqual([]);
  });

  it.each(['cards.charge', 'cards.charge=explode', 'cards.charge=timeout:0', '=timeout'])('refuses %p', (text) => {
    expect(leftOf(parseFaultRules(text)).code).toBe('invalid_fault_rule');
  });

  it('gives rules a SandboxFaults accepts', () => {
    const rules = parseFaultRules('blobs.put=unavailable:1');
    const faults = new SandboxFaults(E.isRight(rules) ? rules.right : []);
    expect(faults.take('blobs.put')).toBe('unavailable');
    expect(faults.take('blobs.put')).toBeUndefined();
  });
});
