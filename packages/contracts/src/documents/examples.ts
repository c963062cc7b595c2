import { type ContractExample, requestExample, responseExample } from '../common/examples.js';
import { IdentityDocumentResponse, UploadDocumentBody } from './upload-document.js';

/** A real 1x1 PNG: the API decodes and checks the content, so the example uploads as it is. */
const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC';

export const DOCUMENT_EXAMPLES: readonly ContractExample[] = [
  requestExample(UploadDocumentBody, 'passport', "A user's passport scan, as a data URI", {
    data: TINY_PNG,
    documentType: 'id-passport',
    reference: { userLocator: 'email:ana@example.com' },
    expiresAt: '2031-04-30',
  }),
  responseExample(IdentityDocumentResponse, 'passport', 'The stored document (its content is never shown again)', {
    id: 'cb0e2e3b-70d7-4ebe-a42e-4f695960c233',
    documentType: 'id-passport',
    createdAt: '2026-11-25T20:48:30.537Z',
    expiresAt: '2031-04-30',
  }),
];
