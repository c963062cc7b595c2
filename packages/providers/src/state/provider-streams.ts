import { randomUUID } from 'node:crypto';
import {
  type AppendResult,
  type EventToAppend,
  EventStoreUnavailableError,
  type ExpectedRevision,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from '@paykit/event-store';
import * as E from 'fp-ts/lib/Either.js';
import type { Clock, DomainError } from '@paykit/kernel';
import { open, seal } from '../encryption/aes-gcm.js';
import { providerInvalidResponse, providerUnavailable, type ProviderName } from '../faults/provider-errors.js';
import type { ProviderState } from './provider-state.js';

/** An event a sandbox records: `{ type, data }`; the metadata is added here. */
export interface StateEvent {
  readonly type: string;
  readonly data: unknown;
}

/** What a sealed record looks like in an event: AES-256-GCM bound to its stream, as base64. */
export interface SealedData {
  readonly sealed: string;
}

/** The metadata of what a sandbox records: the sandbox wrote it (`system`, no project), with a random event id. */
export const sandboxEnvelope = (event: StateEvent, party: string, occurredAt: Date): EventToAppend => {
  const eventId = randomUUID();
  return {
    type: event.type,
    data: event.data,
    metadata: {
      eventId,
      occurredAt: occurredAt.toISOString(),
      projectId: null,
      actor: { type: 'system', id: `sandbox-${party}` },
      correlationId: eventId,
      causationId: null,
      schemaVersion: 1,
    },
  };
};

/** A record that does not open with the key (another SECRETS_KEY, or moved to another stream). */
class UnreadableRecord extends Error {}

/**
 * The streams of one sandbox party: reads, appends at an expected revision, claims at
 * `no_stream`, and sealed records. Event ids are random, like AES-GCM's IVs: nothing
 * observable depends on them.
 */
export class ProviderStreams {
  constructor(
    private readonly state: ProviderState,
    private readonly party: ProviderName,
    private readonly clock: Clock,
  ) {}

  async read(stream: string, fromRevision?: bigint): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    for await (const event of this.state.store.readStream(stream, fromRevision === undefined ? {} : { fromRevision })) {
      events.push(event);
    }
    return events;
  }

  append(stream: string, events: readonly StateEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    const occurredAt = this.clock.now();
    return this.state.store.appendToStream(
      stream,
      events.map((event) => sandboxEnvelope(event, this.party, occurredAt)),
      {
        expectedRevision,
      },
    );
  }

  /** Appends to a stream that must not exist yet: false when it does (an earlier call, another instance). */
  async create(stream: string, events: readonly StateEvent[]): Promise<boolean> {
    try {
      await this.append(stream, events, 'no_stream');
      return true;
    } catch (error) {
      if (error instanceof WrongExpectedRevisionError) return false;
      throw error;
    }
  }

  seal(stream: string, record: unknown): SealedData {
    const plaintext = Buffer.from(JSON.stringify(record), 'utf8');
    return { sealed: seal(this.state.encryptionKey, plaintext, contextOf(stream)).toString('base64') };
  }

  open<T>(stream: string, data: unknown): T {
    const sealed = (data as Partial<SealedData> | null)?.sealed;
    const plaintext =
      typeof sealed === 'string'
        ? open(this.state.encryptionKey, Buffer.from(sealed, 'base64'), contextOf(stream))
        : null;
    if (!plaintext) throw new UnreadableRecord();
    return JSON.parse(plaintext.toString('utf8')) as T;
  }

  /**
   * Runs one call of the party's port: the store's outages become the party's `unavailable`, a
   * record that does not open its `upstream_invalid`, as any provider's own faults would.
   */
  async guard<A>(work: () => Promise<E.Either<DomainError, A>>): Promise<E.Either<DomainError, A>> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof EventStoreUnavailableError || error instanceof WrongExpectedRevisionError) {
        return E.left(providerUnavailable(this.party, `The ${this.party} sandbox could not reach its records; retry`));
      }
      if (error instanceof UnreadableRecord) {
        return E.left(providerInvalidResponse(this.party, `A ${this.party} sandbox record could not be decrypted`));
      }
      throw error;
    }
  }
}

const contextOf = (stream: string): string => `paykit-sandbox-record:${stream}`;
