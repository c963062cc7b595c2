import { randomUUID } from 'node:crypto';
import * as grpc from '@grpc/grpc-js';
import type { EventLog, LogRecord } from './event-log.js';
import { streamIdentifier, streamNameOf, streamsPb } from './proto.js';
import { encodeReadEvent } from './read-event-encoding.js';
import type { ServerControl } from './server-control.js';
import { compileFilter, serverFilterOf } from './server-filter.js';

type ReadReq = InstanceType<typeof streamsPb.ReadReq>;
type ReadResp = InstanceType<typeof streamsPb.ReadResp>;
type ReadOptions = InstanceType<typeof streamsPb.ReadReq.Options>;
type Call = grpc.ServerWritableStream<ReadReq, ReadResp>;

const BACKWARDS = 1;
/** Filtered subscriptions report a checkpoint after this many events scanned without a match (32 x multiplier). */
const CHECKPOINT_WINDOW = 32;

const encoded = new WeakMap<LogRecord, ReadResp>();

/** The read response of a record, encoded once: the same bytes serve every later read of it. */
const eventResponse = (record: LogRecord): ReadResp => {
  const cached = encoded.get(record);
  if (cached) return cached;
  const response = new streamsPb.ReadResp();
  const bytes = encodeReadEvent(record);
  response.serializeBinary = () => bytes;
  encoded.set(record, response);
  return response;
};

const drained = (call: Call) =>
  new Promise<void>((resolve) => {
    const done = () => {
      call.off('drain', done);
      call.off('close', done);
      resolve();
    };
    call.on('drain', done);
    call.on('close', done);
  });

/** Writes with backpressure; false once the client has gone. */
const send = async (call: Call, response: ReadResp): Promise<boolean> => {
  if (call.cancelled || call.destroyed) return false;
  if (!call.write(response)) await drained(call);
  return !call.cancelled && !call.destroyed;
};

/** The request's count (a uint64 string), capped by what there is to read. */
const countOf = (options: ReadOptions, available: number): number => {
  const asked = BigInt(options.getCount() || '0');
  return asked < BigInt(available) ? Number(asked) : available;
};

/** Ends the call with a gRPC status (grpc-js sends an `error` emitted on a server stream as the status). */
const fail = (call: Call, code: grpc.status, details: string): void => {
  call.emit('error', { code, details, metadata: new grpc.Metadata() });
};

const invalidPosition = (call: Call, position: bigint): void =>
  fail(call, grpc.status.INVALID_ARGUMENT, `Invalid position ${position}: not the start of a record.`);

/** Streams.Read: stream reads, `$all` reads, and `$all` catch-up subscriptions (optionally filtered). */
export const readHandler = (log: EventLog, control: ServerControl) => async (call: Call) => {
  const options = call.request.getOptions();
  if (!options) return fail(call, grpc.status.INVALID_ARGUMENT, 'no options');
  await control.whenRunning();
  if (options.hasSubscription()) {
    if (!options.hasAll()) {
      return fail(call, grpc.status.UNIMPLEMENTED, 'stream subscriptions are not served');
    }
    return subscribeToAll(log, call, options);
  }
  const records = options.hasAll() ? readAll(log, call, options) : readStream(log, call, options);
  if (!records) return;
  // A read is bounded by its count: write it all and let gRPC buffer (waiting for 'drain' after
  // every few messages stalls on loopback's delayed acknowledgements).
  for (const record of records) call.write(eventResponse(record));
  call.end();
};

const readStream = (log: EventLog, call: Call, options: ReadOptions): LogRecord[] | null => {
  const streamOptions = options.getStream()!;
  const streamName = streamNameOf(streamOptions.getStreamIdentifier());
  const stream = log.readStream(streamName);
  if (!stream) {
    const notFound = new streamsPb.ReadResp.StreamNotFound().setStreamIdentifier(streamIdentifier(streamName));
    call.write(new streamsPb.ReadResp().setStreamNotFound(notFound));
    call.end();
    return null;
  }
  const count = countOf(options, stream.length);
  // 0 unless the stream was deleted and written again: record i has revision first + i.
  const first = stream[0]!.revision;
  const last = first + BigInt(stream.length - 1);
  if (options.getReadDirection() === BACKWARDS) {
    const from = streamOptions.hasEnd() ? last : streamOptions.hasStart() ? first : BigInt(streamOptions.getRevision());
    if (from < first) return [];
    const start = Number((from < last ? from : last) - first);
    return stream.slice(Math.max(0, start - count + 1), start + 1).reverse();
  }
  const from = streamOptions.hasStart()
    ? first
    : streamOptions.hasEnd()
      ? last + 1n
      : BigInt(streamOptions.getRevision());
  if (from > last) return [];
  const start = Number(from > first ? from - first : 0n);
  return stream.slice(start, start + count);
};

const readAll = (log: EventLog, call: Call, options: ReadOptions): LogRecord[] | null => {
  const allOptions = options.getAll()!;
  const matches = compileFilter(serverFilterOf(options.getFilter()));
  const count = countOf(options, log.size);
  const records: LogRecord[] = [];
  const position = allOptions.hasPosition() ? BigInt(allOptions.getPosition()!.getCommitPosition()) : null;
  if (position !== null && !log.isBoundary(position)) {
    invalidPosition(call, position);
    return null;
  }
  if (options.getReadDirection() === BACKWARDS) {
    // Backwards from a position: the records before it.
    const from = allOptions.hasStart() ? 0 : position === null ? log.size : log.indexAtOrAfter(position);
    for (let i = from - 1; i >= 0 && records.length < count; i--) if (matches(log.at(i)!)) records.push(log.at(i)!);
    return records;
  }
  // Forwards from a position: that record and the ones after it.
  const from = allOptions.hasEnd() ? log.size : position === null ? 0 : log.indexAtOrAfter(position);
  for (let i = from; i < log.size && records.length < count; i++) if (matches(log.at(i)!)) records.push(log.at(i)!);
  return records;
};

const subscribeToAll = async (log: EventLog, call: Call, options: ReadOptions): Promise<void> => {
  const allOptions = options.getAll()!;
  const filterOptions = options.getFilter();
  const matches = compileFilter(serverFilterOf(filterOptions));
  const checkpointEvery = CHECKPOINT_WINDOW * Math.max(1, filterOptions?.getCheckpointintervalmultiplier() ?? 1);
  let cursor = 0;
  if (allOptions.hasEnd()) cursor = log.size;
  else if (allOptions.hasPosition()) {
    const position = BigInt(allOptions.getPosition()!.getCommitPosition());
    if (!log.isBoundary(position)) return invalidPosition(call, position);
    // A subscription starts strictly after its checkpoint.
    cursor = log.indexAtOrAfter(position + 1n);
  }
  let wake: (() => void) | null = null;
  const unregister = log.onAppended(() => wake?.());
  call.on('cancelled', () => wake?.());
  call.on('close', () => wake?.());
  try {
    const confirmation = new streamsPb.ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID());
    if (!(await send(call, new streamsPb.ReadResp().setConfirmation(confirmation)))) return;
    let caughtUp = false;
    let scanned = 0;
    while (!call.cancelled && !call.destroyed) {
      if (cursor >= log.size) {
        if (!caughtUp) {
          caughtUp = true;
          if (!(await send(call, new streamsPb.ReadResp().setCaughtUp(new streamsPb.ReadResp.CaughtUp())))) return;
        }
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        continue;
      }
      const record = log.at(cursor++)!;
      if (matches(record)) {
        scanned = 0;
        if (!(await send(call, eventResponse(record)))) return;
      } else if (++scanned >= checkpointEvery && filterOptions) {
        scanned = 0;
        const position = record.position.toString();
        const checkpoint = new streamsPb.ReadResp.Checkpoint().setCommitPosition(position).setPreparePosition(position);
        if (!(await send(call, new streamsPb.ReadResp().setCheckpoint(checkpoint)))) return;
      }
      if (cursor % 256 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    unregister();
  }
};
