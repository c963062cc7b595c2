import type { DomainError } from '@paykit/kernel';
import type { BlobStore } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { DOCUMENT_BLOBS } from '../../src/documents/document-blobs.js';
import { type IdentityServer, everythingOnDisk, startIdentityServer } from '../users/identity-fixtures.js';

const rightOf = <A>(either: E.Either<DomainError, A>): A => {
  if (E.isLeft(either)) throw new Error(either.left.message);
  return either.right;
};

// A real 1x1 PNG, then a distinctive marker so the bytes can be looked for on disk and in logs.
const MARKER = 'PLAINTEXT-DOCUMENT-MARKER-7f3a';
const PNG = Buffer.concat([
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  ),
  Buffer.from(MARKER),
]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0 a tiny jpeg body')]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const dataUri = (mediaType: string, bytes: Buffer) => `data:${mediaType};base64,${bytes.toString('base64')}`;

const body = (overrides: Record<string, unknown> = {}) => ({
  data: dataUri('image/png', PNG),
  documentType: 'id-passport',
  reference: { userLocator: 'email:ana@example.com' },
  expiresAt: '2031-05-31',
  ...overrides,
});

describe('POST /2025-06-09/documents', () => {
  let api: IdentityServer;

  beforeAll(async () => {
    api = await startIdentityServer();
  });
  afterAll(() => api.close());

  const upload = (payload: unknown) => api.call('POST', '/2025-06-09/documents', payload);

  it.each([
    ['image/png', PNG, 'id-passport'],
    ['image/jpeg', JPEG, 'selfie-front'],
    ['application/pdf', PDF, 'proof-of-address'],
  ])('accepts a %s document and answers the identity document resource', async (mediaType, bytes, documentType) => {
    const response = await upload(
      body({ data: dataUri(mediaType, bytes), documentType, reference: { userLocator: `userId:${documentType}` } }),
    );
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      documentType,
      createdAt: expect.any(String),
      expiresAt: '2031-05-31',
    });
    expect(new Date(response.body.createdAt).toISOString()).toBe(response.body.createdAt);
  });

  it.each([
    ['not a data URI', { data: 'aGVsbG8=' }, 'data', 'invalid_data_uri'],
    ['not base64-encoded', { data: 'data:image/png,hello' }, 'data', 'invalid_data_uri'],
    ['bad base64', { data: 'data:image/png;base64,iVBO@@==' }, 'data', 'invalid_base64'],
    ['base64 of the wrong length', { data: 'data:image/png;base64,iVBORw0' }, 'data', 'invalid_base64'],
    [
      'a media type that is not allowed',
      { data: dataUri('image/gif', Buffer.from('GIF89a...')) },
      'data',
      'document_media_type_not_allowed',
    ],
    ['magic bytes of another type', { data: dataUri('image/png', JPEG) }, 'data', 'document_content_mismatch'],
    [
      'magic bytes of no allowed type',
      { data: dataUri('application/pdf', Buffer.from('just text, no pdf')) },
      'data',
      'document_content_mismatch',
    ],
    ['an empty document', { data: 'data:image/png;base64,' }, 'data', 'document_empty'],
    ['a day that does not exist', { expiresAt: '2026-02-30' }, 'expiresAt', 'invalid_request'],
    ['a date in another format', { expiresAt: '31/05/2031' }, 'expiresAt', 'invalid_request'],
    ['a past expiry', { expiresAt: '2020-01-01' }, 'expiresAt', 'document_expired'],
    ['an unknown documentType', { documentType: 'id-driving-licence' }, 'documentType', 'invalid_request'],
    ['a missing reference', { reference: undefined }, 'reference', 'invalid_request'],
    ['a missing userLocator', { reference: {} }, 'reference.userLocator', 'invalid_request'],
    [
      'a malformed userLocator',
      { reference: { userLocator: 'ana@example.com' } },
      'reference.userLocator',
      'invalid_user_locator',
    ],
    [
      'a look-alike userLocator (a Cyrillic "а", docs/adr/0427)',
      { reference: { userLocator: 'email:\u0430na@example.com' } },
      'reference.userLocator',
      'invalid_user_locator',
    ],
  ])('refuses %s with a 400 naming the field', async (_case, overrides, field, code) => {
    const response = await upload(body(overrides));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ error: true, code });
    expect(response.body.message).toContain(field);
    expect(response.body.parameters.issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });

  it('refuses a document over 10 MiB with a 400 naming data, though its body is over the usual body limit', async () => {
    const tooLarge = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    PNG.copy(tooLarge);
    const response = await upload(body({ data: dataUri('image/png', tooLarge) }));
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'document_too_large', parameters: { issues: [{ path: 'data' }] } });
  });

  it('accepts a document larger than the usual 1 MiB body limit, which other routes keep', async () => {
    const large = Buffer.alloc(3 * 1024 * 1024, 7);
    PNG.copy(large);
    const accepted = await upload(
      body({ data: dataUri('image/png', large), reference: { userLocator: 'userId:large' } }),
    );
    expect(accepted.status).toBe(201);
    const elsewhere = await api.call('POST', '/unstable/payment-methods', { padding: 'x'.repeat(2 * 1024 * 1024) });
    expect(elsewhere.status).toBe(413);
  });

  it('replaces the user’s earlier document of the same type: one remains, the first blob is gone', async () => {
    const user = { userLocator: 'phoneNumber:+14155550123' };
    const first = await upload(body({ reference: user, documentType: 'id-residency-permit' }));
    const second = await upload(
      body({
        reference: user,
        documentType: 'id-residency-permit',
        data: dataUri('image/jpeg', JPEG),
        expiresAt: '2032-01-01',
      }),
    );
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.id).not.toBe(first.body.id);
    const blobOf = async (documentId: string) =>
      rightOf(await api.server.app.get<BlobStore>(DOCUMENT_BLOBS).get(`documents/${api.shop.projectId}/${documentId}`));
    expect(await blobOf(first.body.id)).toBeNull();
    expect(await blobOf(second.body.id)).toEqual({ bytes: Uint8Array.from(JPEG), contentType: 'image/jpeg' });

    // Another type, or another user, is a document of its own.
    const otherType = await upload(body({ reference: user, documentType: 'selfie-left' }));
    const otherUser = await upload(
      body({ reference: { userLocator: 'phoneNumber:+14155550124' }, documentType: 'id-residency-permit' }),
    );
    expect([otherType.status, otherUser.status]).toEqual([201, 201]);
  });

  it('treats two spellings of an email locator as one user', async () => {
    const first = await upload(
      body({ reference: { userLocator: 'email:Bob@Example.com' }, documentType: 'selfie-right' }),
    );
    const second = await upload(
      body({ reference: { userLocator: 'email:bob@example.com' }, documentType: 'selfie-right' }),
    );
    expect([first.status, second.status]).toEqual([201, 200]);
  });

  it('keeps the bytes sealed in the event store on disk, and out of the logs', async () => {
    const response = await upload(body({ reference: { userLocator: 'userId:private' } }));
    expect(response.status).toBe(201);
    const stored = await api.server.app
      .get<BlobStore>(DOCUMENT_BLOBS)
      .get(`documents/${api.shop.projectId}/${response.body.id}`);
    expect(rightOf(stored)?.bytes).toEqual(Uint8Array.from(PNG));
    const disk = await everythingOnDisk(api.server.dataDir);
    expect(disk).not.toContain(MARKER);
    expect(disk).not.toContain(PNG.toString('base64').slice(0, 40));
    expect(api.logs.lines.length).toBeGreaterThan(0);
    expect(api.logs.text()).not.toContain(MARKER);
    expect(api.logs.text()).not.toContain(PNG.toString('base64').slice(0, 40));
  });

  it('answers 401 to a key without the users.create scope', async () => {
    const response = await api.call('POST', '/2025-06-09/documents', body(), await api.keyWith(['users.read']));
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ code: 'missing_scope', parameters: { requiredScopes: ['users.create'] } });
  });
});
