import { DOCUMENT_TYPES } from '@paykit/identity';
import { z } from 'zod';
import { calendarDate } from './calendar-date.js';

/** The spec's document types: the identity domain's own list. */
export const IDENTITY_DOCUMENT_TYPES = DOCUMENT_TYPES;

export const IdentityDocumentType = z.enum(IDENTITY_DOCUMENT_TYPES);

/**
 * Every field is required: a document nobody owns, of no type, or without an expiry is of no
 * use to an identity check. `data` is only shaped here; the API decodes it and checks the
 * media type, the size and the content.
 */
export const UploadDocumentBody = z
  .strictObject({
    data: z
      .string()
      .min(1)
      .describe(
        'The document as a data URI: data:<image/jpeg|image/png|application/pdf>;base64,<content>. At most 10 MiB once decoded.',
      ),
    documentType: IdentityDocumentType,
    reference: z.strictObject({
      userLocator: z
        .string()
        .min(1)
        .max(300)
        .describe('The user the document belongs to, e.g. email:ana@example.com or userId:123'),
    }),
    expiresAt: calendarDate().describe('The day the document expires (YYYY-MM-DD); a past day is refused'),
  })
  .meta({ id: 'UploadDocumentRequest' });
export type UploadDocumentBody = z.infer<typeof UploadDocumentBody>;

export const IdentityDocumentResponse = z
  .object({
    id: z.string(),
    documentType: IdentityDocumentType,
    createdAt: z.string().describe('ISO 8601'),
    expiresAt: z.string().describe('YYYY-MM-DD'),
  })
  .meta({ id: 'IdentityDocument' });
export type IdentityDocumentResponse = z.infer<typeof IdentityDocumentResponse>;
