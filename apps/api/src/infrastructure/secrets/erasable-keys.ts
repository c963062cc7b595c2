import { randomBytes } from 'node:crypto';
import type { Provider } from '@nestjs/common';
import { type EventStore, WrongExpectedRevisionError } from '@paykit/event-store';
import { type Clock, type CommandContext, type IdGenerator, envelope } from '@paykit/kernel';
import { type EncryptionKey, encryptionKey, lazyEncryptionKey } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { CLOCK, EVENT_STORE, ID_GENERATOR } from '../tokens.js';
import { AppSecrets } from './app-secrets.js';
import { openJson, sealJson } from './sealed-json.js';

const KEY_ISSUED = 'DataKeyIssued';
const keyStream = (owner: string): string => `dataKey-${owner}`;

/** The data key of one owner of personal data: seals and opens that owner's data, nothing else. */
export class DataKey {
  constructor(private readonly key: EncryptionKey) {}

  seal(value: unknown, boundTo: string): string {
    return sealJson(this.key, value, boundTo);
  }

  open<Value>(sealed: string, boundTo: string): Value {
    const value = openJson<Value>(this.key, sealed, boundTo);
    if (value === undefined) throw new Error('sealed personal data does not open with its data key');
    return value;
  }

  toJSON(): string {
    return 'DataKey';
  }
  [Symbol.for('nodejs.util.inspect.custom')](): string {
    return 'DataKey';
  }
}

/**
 * Crypto-erasure (docs/adr/0509): each owner of personal data (`buyerProfile-<id>`) has a
 * random data key of its own, kept wrapped under a key derived from SECRETS_KEY in a stream of
 * its own, `dataKey-<owner>`, which erasing destroys (EventStore.eraseStream). Whatever was
 * sealed under an erased key (events, read-model rows, copies, backups) never opens again.
 */
export class ErasableKeys {
  private readonly wrappingKey: () => EncryptionKey;

  constructor(
    private readonly store: EventStore,
    secrets: AppSecrets,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {
    this.wrappingKey = lazyEncryptionKey(() => secrets.derive('paykit:erasable-data-keys:v1'));
  }

  /** A new key for `owner` (its existing one if it has one); `context` stamps the event. */
  async issue(owner: string, context: CommandContext): Promise<DataKey> {
    const stream = keyStream(owner);
    const key = randomBytes(32);
    const wrapped = sealJson(this.wrappingKey(), key.toString('base64'), stream);
    const event = envelope({ type: KEY_ISSUED, data: { wrapped } }, context, {
      eventId: this.ids.uuid(),
      occurredAt: this.clock.now(),
    });
    try {
      await this.store.appendToStream(stream, [event], { expectedRevision: 'no_stream' });
      return dataKeyOf(key);
    } catch (error) {
      const existing = error instanceof WrongExpectedRevisionError ? await this.find(owner) : null;
      if (existing) return existing;
      throw error;
    }
  }

  /** The owner's key; null when it never had one or it was erased. */
  async find(owner: string): Promise<DataKey | null> {
    const stream = keyStream(owner);
    for await (const event of this.store.readStream(stream, { maxCount: 1 })) {
      const key = openJson<string>(this.wrappingKey(), (event.data as { wrapped: string }).wrapped, stream);
      if (key === undefined) throw new Error(`the data key of ${owner} does not open with this deployment’s key`);
      return dataKeyOf(Buffer.from(key, 'base64'));
    }
    return null;
  }

  /** Destroys the owner's key for good: its data no longer opens anywhere. Erasing twice is fine. */
  erase(owner: string): Promise<void> {
    return this.store.eraseStream(keyStream(owner));
  }
}

const dataKeyOf = (bytes: Buffer): DataKey => {
  const key = encryptionKey(bytes);
  if (E.isLeft(key)) throw new Error(key.left.message);
  return new DataKey(key.right);
};

export const erasableKeysProvider: Provider = {
  provide: ErasableKeys,
  useFactory: (store: EventStore, secrets: AppSecrets, clock: Clock, ids: IdGenerator) =>
    new ErasableKeys(store, secrets, clock, ids),
  inject: [EVENT_STORE, AppSecrets, CLOCK, ID_GENERATOR],
};
