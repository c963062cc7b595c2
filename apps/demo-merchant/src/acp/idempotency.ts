import { sha256Hex } from '@paykit/kernel';
import { type AcpResponse } from './service.js';

/** Replays the first answer to a repeated `Idempotency-Key`; the same key with other parameters is a conflict. */
export class IdempotencyCache {
  private readonly entries = new Map<string, { fingerprint: string; response: AcpResponse }>();

  static fingerprint(method: string, url: string, body: unknown): string {
    return sha256Hex(`${method} ${url} ${JSON.stringify(body ?? null)}`);
  }

  lookup(key: string, fingerprint: string): AcpResponse | 'conflict' | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    return entry.fingerprint === fingerprint ? entry.response : 'conflict';
  }

  remember(key: string, fingerprint: string, response: AcpResponse): void {
    // Conflicts and server failures are not outcomes of the request; a retry must run it again.
    if (response.statusCode >= 500 || response.statusCode === 409) return;
    this.entries.set(key, { fingerprint, response });
  }
}
