import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import type { EventLog, LogRecord } from './event-log.js';
import { fillRecordedEvent, persistentPb, uuidString } from './proto.js';
import { compileFilter, serverFilterOf } from './server-filter.js';

type ReadReq = InstanceType<typeof persistentPb.ReadReq>;
type ReadResp = InstanceType<typeof persistentPb.ReadResp>;
type Call = grpc.ServerDuplexStream<ReadReq, ReadResp>;

interface Message {
  readonly record: LogRecord;
  readonly retryCount: number;
}

interface Consumer {
  readonly call: Call;
  readonly bufferSize: number;
  inFlight: number;
}

interface InFlight extends Message {
  readonly consumer: Consumer;
  readonly sentAt: number;
}

/**
 * One persistent subscription group on `$all`: events matching its filter go round-robin to
 * its consumers, at most `bufferSize` unacknowledged per consumer. A nack with retry, a
 * consumer that leaves, or a message timeout sends the event to another consumer; past
 * `maxRetryCount` it is parked. The checkpoint is in memory (a real server keeps it in a
 * `$persistentsubscription-...-checkpoint` stream).
 */
class Group {
  private cursor: number;
  private readonly retries: Message[] = [];
  private readonly inFlight = new Map<string, InFlight>();
  private readonly consumers: Consumer[] = [];
  private turn = 0;
  readonly parked: LogRecord[] = [];

  constructor(
    private readonly log: EventLog,
    private readonly matches: (record: LogRecord) => boolean,
    start: number,
    private readonly maxRetryCount: number,
    private readonly messageTimeoutMs: number,
  ) {
    this.cursor = start;
  }

  join(consumer: Consumer): void {
    this.consumers.push(consumer);
    this.dispatch();
  }

  leave(consumer: Consumer): void {
    const index = this.consumers.indexOf(consumer);
    if (index === -1) return;
    this.consumers.splice(index, 1);
    for (const [id, message] of this.inFlight) if (message.consumer === consumer) this.retry(id);
    this.dispatch();
  }

  settle(consumer: Consumer, ids: readonly string[], action: 'ack' | 'retry' | 'park' | 'skip'): void {
    for (const id of ids) {
      const message = this.inFlight.get(id);
      if (!message || message.consumer !== consumer) continue;
      if (action === 'retry') this.retry(id);
      else {
        this.inFlight.delete(id);
        consumer.inFlight--;
        if (action === 'park') this.parked.push(message.record);
      }
    }
    this.dispatch();
  }

  /** Hands messages whose consumer has held them past the timeout to another consumer. */
  expire(now: number): void {
    for (const [id, message] of this.inFlight) if (now - message.sentAt >= this.messageTimeoutMs) this.retry(id);
    this.dispatch();
  }

  close(): void {
    for (const consumer of this.consumers.splice(0)) consumer.call.end();
  }

  dispatch(): void {
    for (;;) {
      const consumer = this.nextConsumer();
      if (!consumer) return;
      const message = this.retries.shift() ?? this.nextNew();
      if (!message) return;
      consumer.inFlight++;
      this.inFlight.set(message.record.id, { ...message, consumer, sentAt: Date.now() });
      const recorded = fillRecordedEvent(new persistentPb.ReadResp.ReadEvent.RecordedEvent(), message.record);
      const event = new persistentPb.ReadResp.ReadEvent()
        .setEvent(recorded)
        .setCommitPosition(message.record.position.toString())
        .setRetryCount(message.retryCount);
      consumer.call.write(new persistentPb.ReadResp().setEvent(event));
    }
  }

  private retry(id: string): void {
    const message = this.inFlight.get(id);
    if (!message) return;
    this.inFlight.delete(id);
    message.consumer.inFlight--;
    if (message.retryCount >= this.maxRetryCount) this.parked.push(message.record);
    else this.retries.push({ record: message.record, retryCount: message.retryCount + 1 });
  }

  private nextNew(): Message | undefined {
    while (this.cursor < this.log.size) {
      const record = this.log.at(this.cursor++)!;
      if (this.matches(record)) return { record, retryCount: 0 };
    }
    return undefined;
  }

  private nextConsumer(): Consumer | undefined {
    for (let i = 0; i < this.consumers.length; i++) {
      const consumer = this.consumers[(this.turn + i) % this.consumers.length]!;
      if (consumer.inFlight < consumer.bufferSize && !consumer.call.cancelled) {
        this.turn = (this.turn + i + 1) % this.consumers.length;
        return consumer;
      }
    }
    return undefined;
  }
}

const failure = (code: grpc.status, message: string, exception: string, groupName: string) => {
  const metadata = new grpc.Metadata();
  metadata.set('exception', exception);
  metadata.set('stream-name', '$all');
  metadata.set('group-name', groupName);
  return { code, details: message, metadata };
};

/** PersistentSubscriptions.Create / Delete / Read for groups on `$all` (what competing consumers use). */
export const persistentHandlers = (log: EventLog) => {
  const groups = new Map<string, Group>();
  log.onAppended(() => {
    for (const group of groups.values()) group.dispatch();
  });
  const expiry = setInterval(() => {
    for (const group of groups.values()) group.expire(Date.now());
  }, 250).unref();
  return {
    groups,
    close(): void {
      clearInterval(expiry);
      for (const group of groups.values()) group.close();
    },
    handlers: {
      create(
        call: grpc.ServerUnaryCall<InstanceType<typeof persistentPb.CreateReq>, unknown>,
        callback: grpc.sendUnaryData<unknown>,
      ) {
        const options = call.request.getOptions()!;
        const name = options.getGroupName();
        const all = options.getAll();
        if (!all) return callback({ code: grpc.status.UNIMPLEMENTED, details: 'only $all groups are served' });
        if (groups.has(name)) {
          return callback(
            failure(grpc.status.ALREADY_EXISTS, `Group ${name} exists`, 'persistent-subscription-exists', name),
          );
        }
        const settings = options.getSettings()!;
        const start = all.hasEnd()
          ? log.size
          : all.hasPosition()
            ? log.indexAtOrAfter(BigInt(all.getPosition()!.getCommitPosition()))
            : 0;
        const timeout =
          settings.getMessageTimeoutMs() ||
          Number(BigInt(settings.getMessageTimeoutTicks() || '0') / 10_000n) ||
          30_000;
        const matches = compileFilter(serverFilterOf(all.getFilter()));
        groups.set(name, new Group(log, matches, start, settings.getMaxRetryCount(), timeout));
        callback(null, new persistentPb.CreateResp());
      },
      delete(
        call: grpc.ServerUnaryCall<InstanceType<typeof persistentPb.DeleteReq>, unknown>,
        callback: grpc.sendUnaryData<unknown>,
      ) {
        const name = call.request.getOptions()!.getGroupName();
        const group = groups.get(name);
        if (!group) {
          return callback(
            failure(
              grpc.status.NOT_FOUND,
              `Group ${name} does not exist`,
              'persistent-subscription-does-not-exist',
              name,
            ),
          );
        }
        groups.delete(name);
        group.close();
        callback(null, new persistentPb.DeleteResp());
      },
      read(call: Call) {
        let joined: { group: Group; consumer: Consumer } | null = null;
        const leave = () => joined?.group.leave(joined.consumer);
        call.on('data', (request: ReadReq) => {
          const options = request.getOptions();
          if (options && !joined) {
            const name = options.getGroupName();
            const group = groups.get(name);
            if (!group) {
              // grpc-js sends an `error` emitted on a server stream as the call's status.
              return void call.emit(
                'error',
                failure(
                  grpc.status.NOT_FOUND,
                  `Group ${name} does not exist`,
                  'persistent-subscription-does-not-exist',
                  name,
                ),
              );
            }
            const confirmation = new persistentPb.ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID());
            call.write(new persistentPb.ReadResp().setSubscriptionConfirmation(confirmation));
            joined = { group, consumer: { call, bufferSize: Math.max(1, options.getBufferSize()), inFlight: 0 } };
            group.join(joined.consumer);
            return;
          }
          if (!joined) return;
          const ack = request.getAck();
          if (ack) joined.group.settle(joined.consumer, ack.getIdsList().map(uuidString), 'ack');
          const nack = request.getNack();
          if (nack) {
            const action = nack.getAction();
            const Action = persistentPb.ReadReq.Nack.Action;
            const settled = action === Action.RETRY ? 'retry' : action === Action.PARK ? 'park' : 'skip';
            joined.group.settle(joined.consumer, nack.getIdsList().map(uuidString), settled);
          }
        });
        call.on('end', () => {
          leave();
          call.end();
        });
        call.on('cancelled', leave);
        call.on('close', leave);
      },
    },
  };
};
