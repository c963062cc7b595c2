import { createRequire } from 'node:module';
// The client ships the code generated from EventStoreDB's official .proto files (CommonJS):
// serving with the same definitions is what makes this server speak the real wire format.
import persistentGrpc from '@eventstore/db-client/generated/persistent_grpc_pb.js';
import persistentPb from '@eventstore/db-client/generated/persistent_pb.js';
import serverFeaturesGrpc from '@eventstore/db-client/generated/serverfeatures_grpc_pb.js';
import serverFeaturesPb from '@eventstore/db-client/generated/serverfeatures_pb.js';
import sharedPb from '@eventstore/db-client/generated/shared_pb.js';
import statusPb from '@eventstore/db-client/generated/status_pb.js';
import streamsGrpc from '@eventstore/db-client/generated/streams_grpc_pb.js';
import streamsPb from '@eventstore/db-client/generated/streams_pb.js';
import type { LogRecord } from './event-log.js';

// google-protobuf is the client's own dependency: load it from beside the client.
const clientRequire = createRequire(createRequire(import.meta.url).resolve('@eventstore/db-client'));
const anyPb = clientRequire('google-protobuf/google/protobuf/any_pb.js') as {
  Any: new () => { pack(serialized: Uint8Array, name: string): void };
};

export {
  persistentGrpc,
  persistentPb,
  serverFeaturesGrpc,
  serverFeaturesPb,
  sharedPb,
  statusPb,
  streamsGrpc,
  streamsPb,
};

/** Packs a detail message the way the client unpacks it (`Any` with an `event_store.client.*` name). */
export const packAny = (message: { serializeBinary(): Uint8Array }, typeName: string) => {
  const any = new anyPb.Any();
  any.pack(message.serializeBinary(), typeName);
  return any;
};

export const uuidOf = (id: string): InstanceType<typeof sharedPb.UUID> => new sharedPb.UUID().setString(id);

/** A UUID as the client sends it: the string form, or the two 64-bit halves. */
export const uuidString = (uuid: InstanceType<typeof sharedPb.UUID> | undefined): string => {
  if (!uuid) return '';
  if (uuid.hasString()) return uuid.getString();
  const structured = uuid.getStructured();
  if (!structured) return '';
  const half = (value: string) => BigInt.asUintN(64, BigInt(value)).toString(16).padStart(16, '0');
  const hex = half(structured.getMostSignificantBits()) + half(structured.getLeastSignificantBits());
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

export const streamNameOf = (identifier: InstanceType<typeof sharedPb.StreamIdentifier> | undefined): string =>
  Buffer.from(identifier?.getStreamName_asU8() ?? new Uint8Array()).toString('utf8');

export const streamIdentifier = (streamName: string) =>
  new sharedPb.StreamIdentifier().setStreamName(Buffer.from(streamName, 'utf8'));

/** The fields every RecordedEvent message carries, whether streams or persistent subscriptions send it. */
export const fillRecordedEvent = <
  T extends {
    setId(value: InstanceType<typeof sharedPb.UUID>): T;
    setStreamIdentifier(value: InstanceType<typeof sharedPb.StreamIdentifier>): T;
    setStreamRevision(value: string): T;
    setPreparePosition(value: string): T;
    setCommitPosition(value: string): T;
    getMetadataMap(): { set(key: string, value: string): unknown };
    setCustomMetadata(value: Uint8Array): T;
    setData(value: Uint8Array): T;
  },
>(
  message: T,
  record: LogRecord,
): T => {
  message
    .setId(uuidOf(record.id))
    .setStreamIdentifier(streamIdentifier(record.streamName))
    .setStreamRevision(record.revision.toString())
    .setPreparePosition(record.position.toString())
    .setCommitPosition(record.position.toString())
    .setCustomMetadata(record.customMetadata)
    .setData(record.data);
  const metadata = message.getMetadataMap();
  metadata.set('type', record.type);
  metadata.set('content-type', record.contentType);
  metadata.set('created', record.created.toString());
  return message;
};

const emptyPb = clientRequire('google-protobuf/google/protobuf/empty_pb.js') as { Empty: new () => object };

/** `google.protobuf.Empty`, which a few newer messages use instead of `event_store.client.Empty`. */
export const googleEmpty = () => new emptyPb.Empty() as never;
