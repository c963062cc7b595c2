import type { LogRecord } from './event-log.js';

/**
 * The bytes of a `ReadResp { event: ReadEvent { event: RecordedEvent, commit_position } }`
 * (streams.proto), written directly. google-protobuf's generated serializer costs ~0.1 ms an
 * event, which made the test server, not the adapter, the bottleneck of every catch-up over a
 * big `$all`. test/esdb/read-event-encoding.test.ts holds these bytes to what the generated
 * code decodes, field for field.
 */
export const encodeReadEvent = (record: LogRecord): Uint8Array => {
  const recorded = new ProtoWriter();
  recorded.message(1, (uuid) => uuid.text(2, record.id)); // id: UUID { string = 2 }
  recorded.message(2, (identifier) => identifier.text(3, record.streamName)); // stream_identifier { stream_name = 3 }
  recorded.uint64(3, record.revision);
  recorded.uint64(4, record.position);
  recorded.uint64(5, record.position);
  recorded.mapEntry(6, 'content-type', record.contentType);
  recorded.mapEntry(6, 'created', record.created.toString());
  recorded.mapEntry(6, 'type', record.type);
  recorded.bytes(7, record.customMetadata);
  recorded.bytes(8, record.data);
  return new ProtoWriter()
    .message(1, (readEvent) =>
      readEvent
        .message(1, (event) => event.append(recorded))
        // commit_position is the member of a oneof: written even when it is 0.
        .uint64(3, record.position, true),
    )
    .finish();
};

const VARINT = 0;
const LENGTH_DELIMITED = 2;

/** Just the protobuf wire format this message needs: varints, and length-delimited fields. */
class ProtoWriter {
  private buffer = Buffer.allocUnsafe(512);
  private length = 0;

  message(field: number, write: (inner: ProtoWriter) => unknown): this {
    const inner = new ProtoWriter();
    write(inner);
    return this.tag(field, LENGTH_DELIMITED).varint(inner.length).append(inner);
  }

  text(field: number, value: string): this {
    return this.bytes(field, Buffer.from(value, 'utf8'), true);
  }

  /** proto3 leaves empty bytes out, unless told to write them (map entries, oneof members). */
  bytes(field: number, value: Uint8Array, always = false): this {
    if (value.length === 0 && !always) return this;
    return this.tag(field, LENGTH_DELIMITED).varint(value.length).raw(value);
  }

  /** proto3 leaves a zero scalar out, unless it is the member of a oneof. */
  uint64(field: number, value: bigint, always = false): this {
    if (value === 0n && !always) return this;
    return this.tag(field, VARINT).varint(value);
  }

  /** One entry of a `map<string, string>`: a message with key = 1 and value = 2. */
  mapEntry(field: number, key: string, value: string): this {
    return this.message(field, (entry) => entry.text(1, key).text(2, value));
  }

  append(other: ProtoWriter): this {
    return this.raw(other.buffer.subarray(0, other.length));
  }

  finish(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }

  private tag(field: number, wireType: number): this {
    return this.varint((field << 3) | wireType);
  }

  private varint(value: number | bigint): this {
    this.reserve(10);
    if (typeof value === 'number' && value <= 0x7fffffff) {
      while (value > 0x7f) {
        this.buffer[this.length++] = (value & 0x7f) | 0x80;
        value >>>= 7;
      }
      this.buffer[this.length++] = value;
      return this;
    }
    let rest = BigInt(value);
    while (rest > 0x7fn) {
      this.buffer[this.length++] = Number(rest & 0x7fn) | 0x80;
      rest >>= 7n;
    }
    this.buffer[this.length++] = Number(rest);
    return this;
  }

  private raw(value: Uint8Array): this {
    this.reserve(value.length);
    this.buffer.set(value, this.length);
    this.length += value.length;
    return this;
  }

  private reserve(size: number): void {
    if (this.length + size <= this.buffer.length) return;
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + size));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }
}
