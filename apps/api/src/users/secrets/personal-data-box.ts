import { open, seal } from '@paykit/providers';
import type { IdentitySecrets } from './identity-secrets.js';

/**
 * Seals personal data (user details, billing names and addresses) before it goes into an
 * event, with AES-256-GCM bound to where it belongs (its stream): the event store file holds
 * no readable personal data, and a sealed value copied elsewhere does not open.
 */
export class PersonalDataBox {
  constructor(private readonly secrets: IdentitySecrets) {}

  seal(value: unknown, boundTo: string): string {
    return seal(
      this.secrets.encryptionKey('personal-data'),
      Buffer.from(JSON.stringify(value), 'utf8'),
      boundTo,
    ).toString('base64url');
  }

  open<Value>(sealed: string, boundTo: string): Value {
    const plaintext = open(this.secrets.encryptionKey('personal-data'), Buffer.from(sealed, 'base64url'), boundTo);
    if (!plaintext) throw new Error('sealed personal data does not open with this deployment’s key');
    return JSON.parse(plaintext.toString('utf8')) as Value;
  }
}
