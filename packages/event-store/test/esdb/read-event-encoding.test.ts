import type { LogRecord } from '../../src/esdb-test-server/event-log.js';
import { fillRecordedEvent, streamsPb } from '../../src/esdb-test-server/proto.js';
import { encodeReadEvent } from '../../src/esdb-test-server/read-event-encoding.js';

const record = (overrides: Partial<LogRecord> = {}): LogRecord => ({
  streamName: 'order-ü-1',
  revision: 7n,
  position: 123_456_789_012n,
  id: '6f1c3a52-1d6e-4b7a-9a43-2f0d8c1e5b10',
  type: 'OrderPlaced',
  contentType: 'application/json',
  data: new TextEncoder().encode(JSON.stringify({ amount: '12.30', note: 'x'.repeat(300) })),
  customMetadata: new TextEncoder().encode('{"correlationId":"c"}'),
  created: 17_000_000_000_000_000n,
  ...overrides,
});

/** What the generated code writes for the same record. */
const generated = (value: LogRecord) =>
  new streamsPb.ReadResp()
    .setEvent(
      new streamsPb.ReadResp.ReadEvent()
        .setEvent(fillRecordedEvent(new streamsPb.ReadResp.ReadEvent.RecordedEvent(), value))
        .setCommitPosition(value.position.toString()),
    )
    .serializeBinary();

const decoded = (bytes: Uint8Array) => streamsPb.ReadResp.deserializeBinary(bytes).toObject();

describe("the test server's direct encoding of read events", () => {
  it.each([
    ['a typical event', record()],
    ['the first record of the log (position and revision 0)', record({ position: 0n, revision: 0n })],
    ['empty data and metadata', record({ data: new Uint8Array(), customMetadata: new Uint8Array() })],
    ['a position beyond 2^53', record({ position: 2n ** 62n + 5n, revision: 2n ** 40n })],
  ])('decodes, with the generated code, to what the generated code encodes: %s', (_, value) => {
    const bytes = encodeReadEvent(value);
    expect(decoded(bytes)).toEqual(decoded(generated(value)));
    expect(streamsPb.ReadResp.deserializeBinary(bytes).getEvent()?.hasCommitPosition()).toBe(true);
  });
});
