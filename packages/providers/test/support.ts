import * as E from 'fp-ts/lib/Either.js';
import { ManualClock, seededIds, type DomainError } from '@paykit/kernel';
import { encryptionKey, type EncryptionKey } from '../src/index.js';

/** The value of a Right; fails the test with the error of a Left. */
export const rightOf = <A>(either: E.Either<DomainError, A>): A => {
  if (E.isLeft(either))
    throw new Error(`expected a value, got ${either.left.kind} ${either.left.code}: ${either.left.message}`);
  return either.right;
};

/** The error of a Left; fails the test when there is a value. */
export const leftOf = <A>(either: E.Either<DomainError, A>): DomainError => {
  if (E.isRight(either)) throw new Error(`expected an error, got ${JSON.stringify(either.right)}`);
  return either.left;
};

export const clockAt = (at = '2026-01-01T00:00:00.000Z') => new ManualClock(at);
export const ids = (seed = 'providers-test') => seededIds(seed);

export const KEY: EncryptionKey = rightOf(encryptionKey(Buffer.alloc(32, 7)));
export const OTHER_KEY: EncryptionKey = rightOf(encryptionKey(Buffer.alloc(32, 9)));
