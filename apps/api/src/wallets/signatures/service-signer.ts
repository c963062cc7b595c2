import { Injectable } from '@nestjs/common';
import { type Signer, WALLET_KEY, type Wallet, custodialHolderOf, openCustodialKey } from '@paykit/wallets';
import { type Hex, bytesToHex, serializeSignature } from 'viem';
import { privateKeyToAccount, sign } from 'viem/accounts';
import { WalletSecrets } from '../secrets/wallet-secrets.js';

/**
 * Signs with a key the service holds (an MPC wallet's, or an api-key, email or phone signer's),
 * opened for this one signature and zeroed after, as the transfer executor does.
 */
@Injectable()
export class ServiceSigner {
  constructor(private readonly secrets: WalletSecrets) {}

  /** The wallet's own key signs a 32-byte hash directly: an EOA's signature, what ecrecover checks. */
  signHash(wallet: Wallet, hash: Hex): Promise<string> {
    return this.withKey(wallet, undefined, async (privateKey) => serializeSignature(await sign({ hash, privateKey })));
  }

  /** A signer's EIP-191 signature of 32 raw bytes, as an external wallet signs an approval. */
  signPersonal(wallet: Wallet, signer: Signer, message: Hex): Promise<string> {
    return this.withKey(wallet, signer, (privateKey) =>
      privateKeyToAccount(privateKey).signMessage({ message: { raw: message } }),
    );
  }

  private async withKey(
    wallet: Wallet,
    signer: Signer | undefined,
    use: (privateKey: Hex) => Promise<string>,
  ): Promise<string> {
    const holder = signer === undefined ? WALLET_KEY : custodialHolderOf(signer);
    const key =
      (holder !== undefined ? wallet.custodialKeys[holder] : undefined) ??
      (signer ? wallet.custodialKeys[signer.locator] : undefined);
    if (!key) throw new Error(`wallet ${wallet.walletId} holds no key for ${signer?.locator ?? 'itself'}`);
    const secret = openCustodialKey(key, this.secrets.custodialKeyEncryption);
    try {
      return await use(bytesToHex(secret));
    } finally {
      secret.fill(0);
    }
  }
}
