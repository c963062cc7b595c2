import { openJson, sealJson } from '../../infrastructure/secrets/sealed-json.js';
import type { IdentitySecrets } from './identity-secrets.js';

/**
 * Seals personal data (user details, billing names and addresses) before it goes into an
 * event, with AES-256-GCM bound to where it belongs (its stream): the event store file holds
 * no readable personal data, and a sealed value copied elsewhere does not open.
 */
export class PersonalDataBox {
  constructor(private readonly secrets: IdentitySecrets) {}

  seal(value: unknown, boundTo: string): string {
    return sealJson(this.secrets.encryptionKey('personal-data'), value, boundTo);
  }

  open<Value>(sealed: string, boundTo: string): Value {
    const value = openJson<Value>(this.secrets.encryptionKey('personal-data'), sealed, boundTo);
    if (value === undefined) throw new Error('sealed personal data does not open with this deployment’s key');
    return value;
  }
}
