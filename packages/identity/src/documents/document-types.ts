/** The spec's identity document types. */
export const DOCUMENT_TYPES = [
  'id-idcard-back',
  'id-idcard-front',
  'id-passport',
  'id-residency-permit',
  'proof-of-address',
  'selfie-front',
  'selfie-left',
  'selfie-right',
  'source-of-wealth',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const isDocumentType = (value: string): value is DocumentType =>
  (DOCUMENT_TYPES as readonly string[]).includes(value);
