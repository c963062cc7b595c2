import { createHash } from 'node:crypto';
import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import type { P256SignatureInput } from '../../src/signatures/passkey.js';
import { type WebAuthnAssertion, type WebAuthnPolicy, verifyPasskeyApproval } from '../../src/signatures/webauthn.js';
import { type AssertionOptions, testPasskey } from './test-passkey.js';

const policy: WebAuthnPolicy = {
  rpId: 'wallet.example',
  origins: ['https://app.wallet.example', 'https://pay.wallet.example'],
  userVerification: 'required',
};
const passkey = testPasskey({ rpId: policy.rpId, origin: 'https://app.wallet.example' });
/** An approval message: 32 bytes, as a transfer's (EVM) is. */
const challenge = createHash('sha256').update('transfer 7').digest();

/** An approval as the API receives it: a signature and its WebAuthn metadata. */
interface Sent {
  readonly signature: P256SignatureInput;
  readonly metadata: WebAuthnAssertion;
}

const verify = (approval: Sent, against: WebAuthnPolicy = policy, approved: Uint8Array = challenge) =>
  verifyPasskeyApproval(
    {
      publicKey: passkey.publicKey,
      challenge: approved,
      signature: approval.signature,
      webAuthn: approval.metadata,
    },
    against,
  );
const asserted = (options?: AssertionOptions) => verify(passkey.assert(challenge, options));
const refusalOf = (result: E.Either<DomainError, boolean>): string | undefined =>
  E.isLeft(result) ? result.left.code : undefined;

describe('verifyPasskeyApproval (WebAuthn assertions, ADR 0456)', () => {
  it('accepts the assertion an authenticator makes of the approval message, in the public SDK’s shape', () => {
    expect(asserted()).toEqual(E.right(true));
    expect(asserted({ origin: 'https://pay.wallet.example' })).toEqual(E.right(true));
    const { signature, metadata } = passkey.assert(challenge);
    const compact = `0x${BigInt(signature.r).toString(16).padStart(64, '0')}${BigInt(signature.s).toString(16).padStart(64, '0')}`;
    expect(verify({ signature: compact, metadata })).toEqual(E.right(true));
  });

  it('refuses a bare P-256 signature of the message, low s or high: a passkey signs assertions only', () => {
    for (const s of ['low', 'high'] as const) {
      const bare = passkey.signBare(challenge, s);
      const result = verifyPasskeyApproval(
        { publicKey: passkey.publicKey, challenge, signature: { r: bare.r.toString(), s: bare.s.toString() } },
        policy,
      );
      expect(refusalOf(result)).toBe('webauthn_assertion_required');
    }
  });

  it('refuses an assertion made at an origin the service does not serve, or framed by one', () => {
    expect(refusalOf(asserted({ origin: 'https://evil.example' }))).toBe('webauthn_origin_not_allowed');
    expect(refusalOf(asserted({ origin: 'https://app.wallet.example:8443' }))).toBe('webauthn_origin_not_allowed');
    expect(refusalOf(asserted({ crossOrigin: true, topOrigin: 'https://evil.example' }))).toBe(
      'webauthn_origin_not_allowed',
    );
    expect(refusalOf(asserted({ crossOrigin: true }))).toBe('webauthn_origin_not_allowed');
    expect(asserted({ crossOrigin: true, topOrigin: 'https://pay.wallet.example' })).toEqual(E.right(true));
  });

  it('refuses an assertion for another relying party', () => {
    expect(refusalOf(asserted({ rpId: 'evil.example' }))).toBe('webauthn_rp_id_mismatch');
    expect(refusalOf(asserted({ rpId: 'app.wallet.example' }))).toBe('webauthn_rp_id_mismatch');
  });

  it('refuses an assertion without the user-present flag, even when verified', () => {
    expect(refusalOf(asserted({ flags: 0x04 }))).toBe('webauthn_user_not_present');
    expect(refusalOf(asserted({ flags: 0x00 }))).toBe('webauthn_user_not_present');
  });

  it('requires user verification when configured, and otherwise when the request asked for it', () => {
    expect(refusalOf(asserted({ flags: 0x01 }))).toBe('webauthn_user_not_verified');
    const preferred = { ...policy, userVerification: 'preferred' as const };
    const presentOnly = passkey.assert(challenge, { flags: 0x01, userVerificationRequired: false });
    expect(verify(presentOnly, preferred)).toEqual(E.right(true));
    const asked = passkey.assert(challenge, { flags: 0x01, userVerificationRequired: true });
    expect(refusalOf(verify(asked, preferred))).toBe('webauthn_user_not_verified');
  });

  it('refuses the high-s twin of a valid assertion', () => {
    expect(refusalOf(asserted({ highS: true }))).toBe('webauthn_signature_high_s');
  });

  it('refuses an assertion of another challenge, or of this one spelled otherwise', () => {
    const other = createHash('sha256').update('transfer 8').digest();
    expect(refusalOf(verify(passkey.assert(other)))).toBe('webauthn_challenge_mismatch');
    const { signature, metadata } = passkey.assert(challenge);
    const padded = metadata.clientDataJSON.replace(/"challenge":"([^"]+)"/, (_all, value) => `"challenge":"${value}="`);
    expect(refusalOf(verify({ signature, metadata: { ...metadata, clientDataJSON: padded } }))).toBe(
      'webauthn_challenge_mismatch',
    );
  });

  it('refuses an assertion of another ceremony: registering a passkey is not approving', () => {
    expect(refusalOf(asserted({ type: 'webauthn.create' }))).toBe('webauthn_type_mismatch');
  });

  it('does not verify client data changed after signing, or a signature checked against another key', () => {
    const { signature, metadata } = passkey.assert(challenge);
    const respaced = metadata.clientDataJSON.replace('"crossOrigin":false', '"crossOrigin": false');
    expect(verify({ signature, metadata: { ...metadata, clientDataJSON: respaced } })).toEqual(E.right(false));
    const other = testPasskey({ rpId: policy.rpId, origin: policy.origins[0] as string });
    expect(
      verifyPasskeyApproval({ publicKey: other.publicKey, challenge, signature, webAuthn: metadata }, policy),
    ).toEqual(E.right(false));
  });

  it('refuses authenticator data too short or not hex, and client data that is not a JSON object', () => {
    const { signature, metadata } = passkey.assert(challenge);
    for (const changed of [
      { authenticatorData: metadata.authenticatorData.slice(0, 2 + 33 * 2) },
      { authenticatorData: `zz${metadata.authenticatorData.slice(2)}` },
      { clientDataJSON: '"webauthn.get"' },
      { clientDataJSON: 'webauthn.get' },
    ]) {
      expect(refusalOf(verify({ signature, metadata: { ...metadata, ...changed } }))).toBe(
        'invalid_webauthn_assertion',
      );
    }
  });
});
