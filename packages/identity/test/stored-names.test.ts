import { createHash } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import {
  type UserLocator,
  calendarDayOf,
  checkDocumentExpiry,
  identityDocumentStream,
  linkedWalletStream,
  paymentMethodStream,
  userKeyOf,
  userStream,
} from '../src/index.js';

// Stream names and user keys are how stored events are found again: a change to any of them
// orphans every stream written before it.

describe('names the event store keeps', () => {
  it('a user key is the first 40 hex digits of SHA-256 over project and user', () => {
    const user = 'email:ana@example.com' as UserLocator;
    const expected = createHash('sha256').update('project-1\nemail:ana@example.com').digest('hex').slice(0, 40);
    expect(userKeyOf('project-1', user)).toBe(expected);
  });

  it('each kind of stream has its own prefix and parts', () => {
    expect(userStream('p1', 'k1')).toBe('user-p1-k1');
    expect(identityDocumentStream('p1', 'k1', 'id-passport')).toBe('identity_document-p1-k1-id-passport');
    expect(linkedWalletStream('p1', 'solana', 'addr')).toBe('linked_wallet-p1-solana-addr');
    expect(paymentMethodStream('pm1')).toBe('payment_method-pm1');
  });
});

describe('days', () => {
  it('an instant falls on its UTC calendar day', () => {
    expect(calendarDayOf(new Date('2026-06-01T23:59:59.999Z'))).toBe('2026-06-01');
  });

  it('a document expiring before today is refused, naming today', () => {
    expect(checkDocumentExpiry('2026-05-31', '2026-06-01')).toEqual(
      E.left({
        kind: 'invalid',
        code: 'document_expired',
        message: 'expiresAt: must not be in the past (today is 2026-06-01)',
        parameters: { issues: [{ path: 'expiresAt', message: 'must not be in the past (today is 2026-06-01)' }] },
      }),
    );
    expect(checkDocumentExpiry('2026-06-01', '2026-06-01')).toEqual(E.right('2026-06-01'));
  });
});
