import * as E from 'fp-ts/lib/Either.js';
import { decodeDocumentDataUri } from '../src/index.js';

// A refused upload is a 400 naming the field `data` and saying what is wrong with it, in the
// API's field-error shape; the size limit is counted on the decoded bytes, to the byte.

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const uri = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const pngOf = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);
const refusal = (code: string, message: string) =>
  E.left({
    kind: 'invalid',
    code,
    message: `data: ${message}`,
    parameters: { issues: [{ path: 'data', message }] },
  });
const NOT_A_DATA_URI = 'must be a data URI such as data:image/png;base64,<base64>';

describe('a document upload refused', () => {
  it.each([
    ['plain base64', PNG.toString('base64'), refusal('invalid_data_uri', NOT_A_DATA_URI)],
    [
      'a data URI without its data: scheme',
      `image/png;base64,${PNG.toString('base64')}`,
      refusal('invalid_data_uri', NOT_A_DATA_URI),
    ],
    [
      'a data URI without its comma',
      `data:image/png;base64${PNG.toString('base64')}`,
      refusal('invalid_data_uri', NOT_A_DATA_URI),
    ],
    [
      'a data URI not marked base64',
      `data:image/png,${PNG.toString('base64')}`,
      refusal('invalid_data_uri', 'must be base64-encoded (data:<media type>;base64,...)'),
    ],
    [
      'a gif',
      uri('image/gif', Buffer.from('GIF89a')),
      refusal('document_media_type_not_allowed', 'media type must be one of image/jpeg, image/png, application/pdf'),
    ],
    [
      'base64 cut short',
      `data:image/png;base64,${PNG.toString('base64').slice(0, -1)}`,
      refusal('invalid_base64', 'is not valid base64'),
    ],
    ['base64url characters', 'data:image/png;base64,iVBO-_==', refusal('invalid_base64', 'is not valid base64')],
    ['nothing', 'data:application/pdf;base64,', refusal('document_empty', 'the document is empty')],
    [
      'a pdf declared as png',
      uri('image/png', Buffer.from('%PDF-1.4')),
      refusal('document_content_mismatch', 'the content is application/pdf, not image/png'),
    ],
    [
      'unknown bytes declared as jpeg',
      uri('image/jpeg', Buffer.from('GIF89a')),
      refusal('document_content_mismatch', 'the content is not image/jpeg'),
    ],
  ])('%s', (_, text, expected) => {
    expect(decodeDocumentDataUri(text, { maxBytes: 1024 })).toEqual(expected);
  });

  it('names the limit a document exceeds', () => {
    expect(decodeDocumentDataUri(uri('image/png', pngOf(1025)), { maxBytes: 1024 })).toEqual(
      refusal('document_too_large', 'the document is larger than 1024 bytes'),
    );
  });
});

describe('the size limit, counted on the decoded bytes', () => {
  // 1024, 1025 and 1026 bytes encode with two, one and no padding characters.
  it.each([1024, 1025, 1026])('a document of exactly the limit (%i bytes) is taken, one byte more is not', (size) => {
    expect(decodeDocumentDataUri(uri('image/png', pngOf(size)), { maxBytes: size })).toEqual(
      E.right({ mediaType: 'image/png', bytes: pngOf(size) }),
    );
    expect(decodeDocumentDataUri(uri('image/png', pngOf(size)), { maxBytes: size - 1 })).toMatchObject(
      E.left({ code: 'document_too_large' }),
    );
  });
});

describe('the data URI header', () => {
  // The comma that ends the header is looked for within its first 200 characters.
  const withHeaderOf = (length: number) => {
    const prefix = 'data:image/png;name=';
    const suffix = ';base64';
    return `${prefix}${'x'.repeat(length - prefix.length - suffix.length)}${suffix},${PNG.toString('base64')}`;
  };

  it('of 200 characters is read; of 201 is refused', () => {
    expect(decodeDocumentDataUri(withHeaderOf(200), { maxBytes: 1024 })).toEqual(
      E.right({ mediaType: 'image/png', bytes: PNG }),
    );
    expect(decodeDocumentDataUri(withHeaderOf(201), { maxBytes: 1024 })).toEqual(
      refusal('invalid_data_uri', NOT_A_DATA_URI),
    );
  });
});
