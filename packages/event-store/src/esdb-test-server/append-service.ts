import * as grpc from '@grpc/grpc-js';
import type { EventLog, ExpectedState, ProposedRecord } from './event-log.js';
import {
  googleEmpty,
  packAny,
  sharedPb,
  statusPb,
  streamIdentifier,
  streamNameOf,
  streamsPb,
  uuidOf,
  uuidString,
} from './proto.js';
import type { ServerControl } from './server-control.js';

type AppendReq = InstanceType<typeof streamsPb.AppendReq>;
type AppendResp = InstanceType<typeof streamsPb.AppendResp>;
type BatchAppendReq = InstanceType<typeof streamsPb.BatchAppendReq>;
type BatchAppendResp = InstanceType<typeof streamsPb.BatchAppendResp>;

interface ExpectedOptions {
  hasNoStream(): boolean;
  hasAny(): boolean;
  hasStreamExists(): boolean;
}

const expectedOf = (options: ExpectedOptions, revision: () => string): ExpectedState => {
  if (options.hasNoStream()) return { kind: 'no_stream' };
  if (options.hasAny()) return { kind: 'any' };
  if (options.hasStreamExists()) return { kind: 'exists' };
  return { kind: 'revision', revision: BigInt(revision()) };
};

interface ProposedMessage {
  getId(): InstanceType<typeof sharedPb.UUID> | undefined;
  getMetadataMap(): { get(key: string): string | undefined };
  getData_asU8(): Uint8Array;
  getCustomMetadata_asU8(): Uint8Array;
}

const proposedOf = (message: ProposedMessage): ProposedRecord => ({
  id: uuidString(message.getId()),
  type: message.getMetadataMap().get('type') ?? '',
  contentType: message.getMetadataMap().get('content-type') ?? 'application/octet-stream',
  data: message.getData_asU8(),
  customMetadata: message.getCustomMetadata_asU8(),
});

const appendSize = (events: readonly ProposedRecord[]): number =>
  events.reduce((total, event) => total + event.data.length + event.customMetadata.length, 0);

const errorMetadata = (exception: string): grpc.Metadata => {
  const metadata = new grpc.Metadata();
  metadata.set('exception', exception);
  return metadata;
};

/** Streams.Append (one client stream per write) and Streams.BatchAppend (many writes on one duplex stream). */
export const appendHandlers = (log: EventLog, control: ServerControl) => ({
  append(call: grpc.ServerReadableStream<AppendReq, AppendResp>, callback: grpc.sendUnaryData<AppendResp>) {
    let streamName = '';
    let expected: ExpectedState = { kind: 'any' };
    const events: ProposedRecord[] = [];
    call.on('data', (request: AppendReq) => {
      const options = request.getOptions();
      if (options) {
        streamName = streamNameOf(options.getStreamIdentifier());
        expected = expectedOf(options, () => options.getRevision());
      }
      const proposed = request.getProposedMessage();
      if (proposed) events.push(proposedOf(proposed));
    });
    call.on('end', () => {
      if (control.paused) return; // a hung server: the client's deadline must end the call
      if (appendSize(events) > control.maxAppendSize) {
        return callback({
          code: grpc.status.INVALID_ARGUMENT,
          details: `Maximum Append Size of ${control.maxAppendSize} Exceeded.`,
          metadata: errorMetadata('maximum-append-size-exceeded'),
        });
      }
      const outcome = log.append(streamName, expected, events);
      const response = new streamsPb.AppendResp();
      if (outcome.ok) {
        const success = new streamsPb.AppendResp.Success();
        if (outcome.currentRevision === null) success.setNoStream(new sharedPb.Empty());
        else success.setCurrentRevision(outcome.currentRevision.toString());
        if (outcome.position === null) success.setNoPosition(new sharedPb.Empty());
        else {
          const position = outcome.position.toString();
          success.setPosition(
            new streamsPb.AppendResp.Position().setCommitPosition(position).setPreparePosition(position),
          );
        }
        response.setSuccess(success);
      } else {
        const wrong = new streamsPb.AppendResp.WrongExpectedVersion();
        if (outcome.currentRevision === null) wrong.setCurrentNoStream(new sharedPb.Empty());
        else wrong.setCurrentRevision(outcome.currentRevision.toString());
        if (expected.kind === 'revision') wrong.setExpectedRevision(expected.revision.toString());
        else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(new sharedPb.Empty());
        else if (expected.kind === 'exists') wrong.setExpectedStreamExists(new sharedPb.Empty());
        else wrong.setExpectedAny(new sharedPb.Empty());
        response.setWrongExpectedVersion(wrong);
      }
      callback(null, response);
    });
  },

  batchAppend(call: grpc.ServerDuplexStream<BatchAppendReq, BatchAppendResp>) {
    const pending = new Map<string, { streamName: string; expected: ExpectedState; events: ProposedRecord[] }>();
    call.on('data', (request: BatchAppendReq) => {
      const correlationId = uuidString(request.getCorrelationId());
      const options = request.getOptions();
      const write = pending.get(correlationId) ?? {
        streamName: streamNameOf(options?.getStreamIdentifier()),
        expected: options ? expectedOf(options, () => options.getStreamPosition()) : ({ kind: 'any' } as ExpectedState),
        events: [],
      };
      write.events.push(...request.getProposedMessagesList().map(proposedOf));
      pending.set(correlationId, write);
      if (!request.getIsFinal() || control.paused) return;
      pending.delete(correlationId);
      call.write(batchResponse(log, control, correlationId, write.streamName, write.expected, write.events));
    });
    call.on('end', () => call.end());
  },
});

const batchResponse = (
  log: EventLog,
  control: ServerControl,
  correlationId: string,
  streamName: string,
  expected: ExpectedState,
  events: readonly ProposedRecord[],
): BatchAppendResp => {
  const response = new streamsPb.BatchAppendResp()
    .setCorrelationId(uuidOf(correlationId))
    .setStreamIdentifier(streamIdentifier(streamName));
  if (expected.kind === 'revision') response.setStreamPosition(expected.revision.toString());
  else if (expected.kind === 'no_stream') response.setNoStream(googleEmpty());
  else if (expected.kind === 'exists') response.setStreamExists(googleEmpty());
  else response.setAny(googleEmpty());
  if (appendSize(events) > control.maxAppendSize) {
    const detail = new sharedPb.MaximumAppendSizeExceeded().setMaxappendsize(control.maxAppendSize);
    return response.setError(
      new statusPb.Status()
        .setCode(grpc.status.INVALID_ARGUMENT as never)
        .setMessage(`Maximum Append Size of ${control.maxAppendSize} Exceeded.`)
        .setDetails(packAny(detail, 'event_store.client.MaximumAppendSizeExceeded') as never),
    );
  }
  const outcome = log.append(streamName, expected, events);
  if (!outcome.ok) {
    const wrong = new sharedPb.WrongExpectedVersion();
    if (outcome.currentRevision === null) wrong.setCurrentNoStream(googleEmpty());
    else wrong.setCurrentStreamRevision(outcome.currentRevision.toString());
    if (expected.kind === 'revision') wrong.setExpectedStreamPosition(expected.revision.toString());
    else if (expected.kind === 'no_stream') wrong.setExpectedNoStream(googleEmpty());
    else if (expected.kind === 'exists') wrong.setExpectedStreamExists(googleEmpty());
    else wrong.setExpectedAny(googleEmpty());
    return response.setError(
      new statusPb.Status()
        .setCode(grpc.status.FAILED_PRECONDITION as never)
        .setMessage('Wrong expected version.')
        .setDetails(packAny(wrong, 'event_store.client.WrongExpectedVersion') as never),
    );
  }
  const success = new streamsPb.BatchAppendResp.Success();
  if (outcome.currentRevision === null) success.setNoStream(googleEmpty());
  else success.setCurrentRevision(outcome.currentRevision.toString());
  if (outcome.position === null) success.setNoPosition(googleEmpty());
  else {
    const position = outcome.position.toString();
    success.setPosition(new sharedPb.AllStreamPosition().setCommitPosition(position).setPreparePosition(position));
  }
  return response.setSuccess(success);
};
