import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import { fieldError } from '../common/field-error.js';

export const DOCUMENT_MEDIA_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export type DocumentMediaType = (typeof DOCUMENT_MEDIA_TYPES)[number];

/** A document as uploaded: its declared media type, checked against its bytes. */
export interface DocumentContent {
  readonly mediaType: DocumentMediaType;
  readonly bytes: Buffer;
}

const SIGNATURES: Readonly<Record<DocumentMediaType, readonly number[]>> = {
  'image/png': [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  'image/jpeg': [0xff, 0xd8, 0xff],
  'application/pdf': [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
};

/** What the bytes are, by their leading magic bytes; null when none of the allowed types. */
export const sniffMediaType = (bytes: Uint8Array): DocumentMediaType | null =>
  DOCUMENT_MEDIA_TYPES.find((type) => SIGNATURES[type].every((byte, index) => bytes[index] === byte)) ?? null;

const isMediaType = (value: string): value is DocumentMediaType =>
  (DOCUMENT_MEDIA_TYPES as readonly string[]).includes(value);

// Strict base64: the standard alphabet, padded to a multiple of four, no whitespace.
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const MAX_HEADER_LENGTH = 200;

const refuse = (message: string, code: string) => E.left(fieldError('data', message, code));

/**
 * Decodes `data:<media type>[;<parameter>...];base64,<payload>` and checks it: an allowed
 * media type, real base64, at most `maxBytes` once decoded (checked before decoding), and
 * content whose magic bytes are those of the declared type. Messages never echo the data.
 */
export const decodeDocumentDataUri = (
  text: string,
  options: { readonly maxBytes: number },
): E.Either<DomainError, DocumentContent> => {
  const comma = text.indexOf(',');
  if (!text.startsWith('data:') || comma < 0 || comma > MAX_HEADER_LENGTH) {
    return refuse('must be a data URI such as data:image/png;base64,<base64>', 'invalid_data_uri');
  }
  const [type = '', ...parameters] = text.slice('data:'.length, comma).split(';');
  if (parameters.at(-1)?.toLowerCase() !== 'base64')
    return refuse('must be base64-encoded (data:<media type>;base64,...)', 'invalid_data_uri');
  const mediaType = type.trim().toLowerCase();
  if (!isMediaType(mediaType)) {
    return refuse(`media type must be one of ${DOCUMENT_MEDIA_TYPES.join(', ')}`, 'document_media_type_not_allowed');
  }
  const payload = text.slice(comma + 1);
  if (payload.length % 4 !== 0 || !BASE64.test(payload)) return refuse('is not valid base64', 'invalid_base64');
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  const size = (payload.length / 4) * 3 - padding;
  if (size === 0) return refuse('the document is empty', 'document_empty');
  if (size > options.maxBytes) {
    return refuse(`the document is larger than ${options.maxBytes} bytes`, 'document_too_large');
  }
  const bytes = Buffer.from(payload, 'base64');
  const actual = sniffMediaType(bytes);
  if (actual !== mediaType) {
    const found = actual === null ? 'is not' : `is ${actual}, not`;
    return refuse(`the content ${found} ${mediaType}`, 'document_content_mismatch');
  }
  return E.right({ mediaType, bytes });
};
