import * as E from 'fp-ts/lib/Either.js';
import { conflict, invalid, type DomainError } from '@paykit/kernel';

/**
 * What a sandbox remembers of an idempotency key: the request it came with (as a
 * fingerprint of its canonical fields) and the id of what that request created. A repeat
 * gets the same object back; the same key with another request is refused, as a payment
 * processor does.
 */
export class IdempotencyLedger {
  private readonly entries = new Map<string, { readonly fingerprint: string; readonly id: string }>();

  /** The id created under `key` before, `undefined` for a new key, or a conflict. */
  lookup(key: string, fingerprint: string): E.Either<DomainError, string | undefined> {
    if (key.trim() === '') return E.left(invalid('invalid_idempotency_key', 'an idempotency key is required'));
    const entry = this.entries.get(key);
    if (!entry) return E.right(undefined);
    if (entry.fingerprint !== fingerprint) {
      return E.left(
        conflict('idempotency_key_reused', 'this idempotency key was used before with different parameters'),
      );
    }
    return E.right(entry.id);
  }

  record(key: string, fingerprint: string, id: string): void {
    this.entries.set(key, { fingerprint, id });
  }
}

/** A fingerprint of a request's canonical fields, in a fixed order. */
export const fingerprintOf = (...fields: readonly string[]): string => JSON.stringify(fields);
