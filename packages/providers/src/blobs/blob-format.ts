import type { StoredBlob } from './blob-store-port.js';

const LENGTH_BYTES = 2;

/** The plaintext of a stored blob: content type length (2 bytes), content type, bytes. */
export const packBlob = (blob: StoredBlob): Buffer => {
  const contentType = Buffer.from(blob.contentType, 'utf8');
  const length = Buffer.alloc(LENGTH_BYTES);
  length.writeUInt16BE(contentType.length);
  return Buffer.concat([length, contentType, blob.bytes]);
};

export const unpackBlob = (plaintext: Buffer): StoredBlob | null => {
  if (plaintext.length < LENGTH_BYTES) return null;
  const length = plaintext.readUInt16BE(0);
  if (plaintext.length < LENGTH_BYTES + length) return null;
  return {
    contentType: plaintext.subarray(LENGTH_BYTES, LENGTH_BYTES + length).toString('utf8'),
    bytes: Uint8Array.from(plaintext.subarray(LENGTH_BYTES + length)),
  };
};

/** What a sealed blob is bound to: moved under another key it no longer opens. Shared by every adapter, so one's sealed bytes are another's. */
export const blobContextOf = (key: string): string => `paykit-blob:${key}`;
