import canonicalize from 'canonicalize';
import { createPrivateKey, sign } from 'node:crypto';

/** What the deployment holds for one merchant's agentic-checkout API (never logged, never stored in a run). */
export interface AcpMerchantCredential {
  /** The bearer token the merchant issued to this platform. */
  readonly token: string;
  /** The merchant's id for delegated-payment allowances, for versions whose sessions do not name it. */
  readonly merchantId?: string;
  /** An Ed25519 private key (PKCS#8 PEM), for merchants that ask for signed requests. */
  readonly signingKey?: string;
}

/** Credentials by the origin (`scheme://host[:port]`) of the merchant's `api_base_url`. */
export type AcpCredentials = Readonly<Record<string, AcpMerchantCredential>>;

export const credentialFor = (credentials: AcpCredentials, apiBaseUrl: string): AcpMerchantCredential | null =>
  credentials[new URL(apiBaseUrl).origin] ?? null;

/**
 * Reads `{"https://shop.example": {"token": "...", "merchantId"?: "...", "signingKey"?: "-----BEGIN PRIVATE KEY-----..."}}`.
 * Throws on anything else (a typo stops the process at start); messages never repeat a secret.
 */
export const parseAcpCredentials = (json: string): AcpCredentials => {
  if (json.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('must be a JSON object of merchant origins to credentials');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('must be a JSON object of merchant origins to credentials');
  const credentials: Record<string, AcpMerchantCredential> = {};
  for (const [origin, value] of Object.entries(parsed)) {
    if (
      !URL.canParse(origin) ||
      new URL(origin).origin !== origin.replace(/\/$/, '') ||
      !/^https?:$/.test(new URL(origin).protocol)
    ) {
      throw new Error(`${origin}: keys must be http(s) origins such as https://shop.example`);
    }
    const entry = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
    if (typeof entry.token !== 'string' || entry.token === '')
      throw new Error(`${origin}: token must be a non-empty string`);
    if (entry.merchantId !== undefined && typeof entry.merchantId !== 'string')
      throw new Error(`${origin}: merchantId must be a string`);
    if (entry.signingKey !== undefined) {
      try {
        if (typeof entry.signingKey !== 'string' || createPrivateKey(entry.signingKey).asymmetricKeyType !== 'ed25519')
          throw new Error();
      } catch {
        throw new Error(`${origin}: signingKey must be an Ed25519 private key in PEM`);
      }
    }
    credentials[new URL(origin).origin] = {
      token: entry.token,
      ...(typeof entry.merchantId === 'string' ? { merchantId: entry.merchantId } : {}),
      ...(typeof entry.signingKey === 'string' ? { signingKey: entry.signingKey } : {}),
    };
  }
  return credentials;
};

/**
 * The request's authentication headers: the bearer token, and with a signing key an Ed25519
 * `Signature` (base64url) over method, path, `Timestamp` and the RFC 8785 canonical JSON body
 * (docs/adr/0251).
 */
export const authenticationHeaders = (
  credential: AcpMerchantCredential | null,
  request: { readonly method: string; readonly url: string; readonly body: unknown; readonly now: Date },
): Record<string, string> => {
  if (!credential) return {};
  const headers: Record<string, string> = { authorization: `Bearer ${credential.token}` };
  if (!credential.signingKey) return headers;
  const timestamp = request.now.toISOString();
  const url = new URL(request.url);
  const content = `${request.method.toUpperCase()}\n${url.pathname}${url.search}\n${timestamp}\n${request.body === undefined ? '' : (canonicalize(request.body) ?? '')}`;
  return {
    ...headers,
    timestamp,
    signature: sign(null, Buffer.from(content), createPrivateKey(credential.signingKey)).toString('base64url'),
  };
};
