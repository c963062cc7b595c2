import * as E from 'fp-ts/lib/Either.js';
import { p256 } from '@noble/curves/nist.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { type DomainError, invalid } from '@paykit/kernel';
import {
  type P256PublicKey,
  type P256SignatureInput,
  compactP256Signature,
  p256PublicKeyBytes,
  parseP256PublicKey,
} from './passkey.js';

/** Whom passkey assertions must be made for (ADR 0456). */
export interface WebAuthnPolicy {
  /** The relying party id the passkeys were registered for; authenticatorData starts with its sha256. */
  readonly rpId: string;
  /** The origins (`scheme://host[:port]`) the client data may name. */
  readonly origins: readonly string[];
  /** `required`: every assertion must carry the UV flag; `preferred`: those whose request asked for it. */
  readonly userVerification: 'required' | 'preferred';
}

/** What the authenticator and the browser produced around the signature (the public SDK's `metadata`). */
export interface WebAuthnAssertion {
  /** Hex (0x-prefixed or not). */
  readonly authenticatorData: string;
  /** Exactly as the browser produced it: the signature covers its sha256. */
  readonly clientDataJSON: string;
  /** The client asked the authenticator for user verification (ox's `userVerificationRequired`). */
  readonly userVerificationRequired?: boolean;
}

export interface PasskeyApproval {
  readonly publicKey: P256PublicKey;
  /** The bytes approved: the assertion's challenge (base64url in the client data). */
  readonly challenge: Uint8Array;
  readonly signature: P256SignatureInput;
  /** Absent: a bare signature, which a passkey never makes. */
  readonly webAuthn?: WebAuthnAssertion;
}

const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const HALF_ORDER = p256.Point.CURVE().n / 2n;
const HEX = /^(0x)?([0-9a-fA-F]{2})+$/;

const refuse = (code: string, message: string, parameters?: Record<string, unknown>): E.Either<DomainError, never> =>
  E.left(invalid(code, message, parameters));

interface ClientData {
  readonly type?: unknown;
  readonly challenge?: unknown;
  readonly origin?: unknown;
  readonly crossOrigin?: unknown;
  readonly topOrigin?: unknown;
}

const parseClientData = (json: string): ClientData | null => {
  try {
    const parsed: unknown = JSON.parse(json);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as ClientData) : null;
  } catch {
    return null;
  }
};

/** The client data checks of WebAuthn §7.2 (steps 11 to 14): an approval ceremony, of this challenge, at our origin. */
const checkClientData = (clientData: ClientData, challenge: Uint8Array, policy: WebAuthnPolicy) => {
  if (clientData.type !== 'webauthn.get')
    return refuse('webauthn_type_mismatch', 'metadata.clientDataJSON: type must be "webauthn.get" (an assertion)', {
      type: clientData.type ?? null,
    });
  const expected = Buffer.from(challenge).toString('base64url');
  if (clientData.challenge !== expected)
    return refuse(
      'webauthn_challenge_mismatch',
      `metadata.clientDataJSON: challenge must be the approval message, base64url-encoded (${expected})`,
      { expected },
    );
  const allowed = (origin: unknown) => typeof origin === 'string' && policy.origins.includes(origin);
  if (!allowed(clientData.origin) || (clientData.crossOrigin === true && !allowed(clientData.topOrigin)))
    return refuse(
      'webauthn_origin_not_allowed',
      `metadata.clientDataJSON: origin ${String(clientData.origin)} is not one this service's passkeys are used from`,
      { origin: clientData.origin ?? null, allowed: policy.origins },
    );
  return E.right(undefined);
};

/** The authenticator data checks (steps 15 to 17): our relying party, a person present, verified where asked. */
const checkAuthenticatorData = (data: Uint8Array, assertion: WebAuthnAssertion, policy: WebAuthnPolicy) => {
  if (bytesToHex(data.subarray(0, 32)) !== bytesToHex(sha256(utf8ToBytes(policy.rpId))))
    return refuse('webauthn_rp_id_mismatch', `metadata.authenticatorData: not made for relying party ${policy.rpId}`, {
      rpId: policy.rpId,
    });
  const flags = data[32] ?? 0;
  if ((flags & USER_PRESENT) === 0)
    return refuse('webauthn_user_not_present', 'metadata.authenticatorData: the user-present flag is not set');
  const verificationAsked = policy.userVerification === 'required' || assertion.userVerificationRequired === true;
  if (verificationAsked && (flags & USER_VERIFIED) === 0)
    return refuse('webauthn_user_not_verified', 'metadata.authenticatorData: the user-verified flag is not set');
  return E.right(undefined);
};

/**
 * A passkey's approval, checked as WebAuthn relying parties check assertions (§7.2): Left with
 * the reason when the assertion is not one this service accepts (a bare signature, another
 * ceremony, challenge, origin or relying party, no user presence or verification, a high s);
 * Right(true) when its signature verifies over authenticatorData ++ sha256(clientDataJSON)
 * with the passkey's key, Right(false) when it does not.
 */
export const verifyPasskeyApproval = (
  approval: PasskeyApproval,
  policy: WebAuthnPolicy,
): E.Either<DomainError, boolean> => {
  const { webAuthn } = approval;
  if (!webAuthn)
    return refuse(
      'webauthn_assertion_required',
      'a passkey approves with a WebAuthn assertion: send signature {r, s} with metadata {authenticatorData, clientDataJSON}',
    );
  const authenticatorData = HEX.test(webAuthn.authenticatorData)
    ? hexToBytes(webAuthn.authenticatorData.replace(/^0x/, ''))
    : null;
  const clientData = parseClientData(webAuthn.clientDataJSON);
  if (!authenticatorData || authenticatorData.length < 37 || !clientData)
    return refuse(
      'invalid_webauthn_assertion',
      'metadata: authenticatorData must be hex of at least 37 bytes and clientDataJSON a JSON object',
    );
  const checked = E.flatMap(checkClientData(clientData, approval.challenge, policy), () =>
    checkAuthenticatorData(authenticatorData, webAuthn, policy),
  );
  if (E.isLeft(checked)) return checked;
  const compact = compactP256Signature(approval.signature);
  const point = parseP256PublicKey(approval.publicKey);
  if (!compact || !point) return E.right(false);
  // Malleability: of the two valid s, only the low one counts (the public SDK normalises; so must others).
  if (BigInt(`0x${bytesToHex(compact.subarray(32))}`) > HALF_ORDER)
    return refuse('webauthn_signature_high_s', 'signature: s must be at most n/2 (low-s form)');
  const signed = concatBytes(authenticatorData, sha256(utf8ToBytes(webAuthn.clientDataJSON)));
  try {
    return E.right(p256.verify(compact, signed, p256PublicKeyBytes(point), { prehash: true, lowS: true }));
  } catch {
    return E.right(false);
  }
};
