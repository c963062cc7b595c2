import * as E from 'fp-ts/lib/Either.js';
import { DeciderSpecification } from '@paykit/kernel/testing';
import { type StoredDocument, decodeDocumentDataUri, identityDocumentDecider, sniffMediaType } from '../src/index.js';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2]);
const uri = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const codeOf = (text: string, maxBytes = 1024) => {
  const result = decodeDocumentDataUri(text, { maxBytes });
  return E.isLeft(result) ? result.left.code : 'ok';
};

describe('document content', () => {
  it('decodes an allowed data URI whose bytes match its type', () => {
    const result = decodeDocumentDataUri(uri('image/png', PNG), { maxBytes: 1024 });
    expect(result).toEqual(E.right({ mediaType: 'image/png', bytes: PNG }));
    expect(codeOf(`data:IMAGE/PNG;name=x.png;base64,${PNG.toString('base64')}`)).toBe('ok');
  });

  it('sniffs the three allowed types by their magic bytes', () => {
    expect(sniffMediaType(PNG)).toBe('image/png');
    expect(sniffMediaType(Buffer.from([0xff, 0xd8, 0xff, 0xdb]))).toBe('image/jpeg');
    expect(sniffMediaType(Buffer.from('%PDF-1.7'))).toBe('application/pdf');
    expect(sniffMediaType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffMediaType(Buffer.from([0xff, 0xd8]))).toBeNull();
  });

  it.each([
    ['plain base64', PNG.toString('base64'), 'invalid_data_uri'],
    ['no base64 marker', `data:image/png,${PNG.toString('base64')}`, 'invalid_data_uri'],
    ['a gif', uri('image/gif', Buffer.from('GIF89a')), 'document_media_type_not_allowed'],
    [
      'whitespace in base64',
      `data:image/png;base64,${PNG.toString('base64').slice(0, 4)} ${PNG.toString('base64').slice(4)}`,
      'invalid_base64',
    ],
    ['base64url characters', 'data:image/png;base64,iVBO-_==', 'invalid_base64'],
    ['padding in the middle', 'data:image/png;base64,iV==iVBO', 'invalid_base64'],
    ['png declared, pdf given', uri('image/png', Buffer.from('%PDF-1.4')), 'document_content_mismatch'],
    ['nothing', 'data:application/pdf;base64,', 'document_empty'],
  ])('refuses %s', (_case, text, code) => {
    expect(codeOf(text)).toBe(code);
  });

  it('checks the decoded size before decoding, to the byte', () => {
    const exact = Buffer.alloc(1024, 0);
    PNG.copy(exact);
    expect(codeOf(uri('image/png', exact))).toBe('ok');
    expect(codeOf(uri('image/png', Buffer.concat([exact, Buffer.from([0])])))).toBe('document_too_large');
  });

  it('never echoes the data in a refusal', () => {
    const result = decodeDocumentDataUri(uri('image/png', Buffer.from('%PDF-secret-content')), { maxBytes: 1024 });
    expect(JSON.stringify(result)).not.toContain(Buffer.from('%PDF-secret-content').toString('base64'));
  });
});

const document = (documentId: string, overrides: Partial<StoredDocument> = {}): StoredDocument => ({
  documentId,
  documentType: 'id-passport',
  expiresAt: '2030-01-01',
  createdAt: '2026-01-01T00:00:00.000Z',
  blobKey: `documents/p/${documentId}`,
  mediaType: 'image/png',
  sizeBytes: 10,
  ...overrides,
});
const upload = (documentId: string, overrides: Partial<StoredDocument> = {}) => ({
  type: 'UploadIdentityDocument' as const,
  data: { ...document(documentId, overrides), userLocator: 'email:ana@example.com', today: '2026-01-01' },
});
const uploaded = (documentId: string, replaced?: string) => ({
  type: 'IdentityDocumentUploaded' as const,
  data: {
    ...document(documentId),
    userLocator: 'email:ana@example.com',
    ...(replaced && { replaced: { documentId: replaced, blobKey: `documents/p/${replaced}` } }),
  },
});

describe('identity document decider', () => {
  const spec = DeciderSpecification.for(identityDocumentDecider);

  it('records a first upload', () =>
    spec
      .given([])
      .when(upload('d1'))
      .then([uploaded('d1')]));
  it('replaces the current document, naming its blob', () =>
    spec
      .given([uploaded('d1')])
      .when(upload('d2'))
      .then([uploaded('d2', 'd1')]));
  it('names only the latest one it replaces', () =>
    spec
      .given([uploaded('d1'), uploaded('d2', 'd1')])
      .when(upload('d3'))
      .then([uploaded('d3', 'd2')]));
  it('treats a retried upload as done', () =>
    spec
      .given([uploaded('d1')])
      .when(upload('d1'))
      .thenNothingHappened());
  it('refuses an expiry before today and accepts today', () => {
    spec
      .given([])
      .when(upload('d1', { expiresAt: '2025-12-31' }))
      .thenFails({ kind: 'invalid', code: 'document_expired' });
    spec
      .given([])
      .when(upload('d1', { expiresAt: '2026-01-01' }))
      .then([{ ...uploaded('d1'), data: { ...uploaded('d1').data, expiresAt: '2026-01-01' } }]);
  });
});
