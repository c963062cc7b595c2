import { Inject, Injectable } from '@nestjs/common';
import type { Wallet, WebAuthnPolicy } from '@paykit/wallets';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { type ApprovalCheck, type ApprovalProof, checkApproval } from './approval-signatures.js';

/** The relying party of this deployment's passkeys, from WEBAUTHN_RP_ID, WEBAUTHN_ORIGINS and WEBAUTHN_USER_VERIFICATION. */
export const webAuthnPolicyOf = (config: AppConfig): WebAuthnPolicy => ({
  rpId: config.WEBAUTHN_RP_ID,
  origins: config.WEBAUTHN_ORIGINS.split(',').map((origin) => origin.trim()),
  userVerification: config.WEBAUTHN_USER_VERIFICATION,
});

/**
 * Checks the approvals of transfers, signature requests and signer operations alike. One relying
 * party per deployment for now (ADR 0456); a project's own would be looked up here.
 */
@Injectable()
export class ApprovalVerifier {
  private readonly policy: WebAuthnPolicy;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.policy = webAuthnPolicyOf(config);
  }

  check(wallet: Wallet, locator: string, message: string, proof: ApprovalProof): ApprovalCheck {
    return checkApproval(wallet, locator, message, proof, this.policy);
  }
}
