import type { Environment } from '../../src/chains/chain-type.js';
import type { CustodialKey } from '../../src/keys/custodial-key.js';
import type { CustodialKeys, WalletCommand } from '../../src/wallet/commands.js';
import type { CreateWalletRequest, DelegatedSignerInput } from '../../src/wallet/types.js';
import { custodialKey, NOW } from '../support/fixtures.js';

export const WALLET_ID = 'wallet-1';
export const PROJECT_ID = 'project-1';
export const EVM_ADMIN = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
export const EVM_OTHER = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
export const SOLANA_ADMIN = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
export const STELLAR_ADMIN = 'GDVEU3DD4KOFECV66VIHWEZOYX4ZKR3WV27L464SIIPOU2IUI3JCZA57';

/** A P-256 public key (the curve's generator point), as a passkey or device signer gives it. */
export const P256_KEY = {
  x: '48439561293906451759052585252797914202762949526041747995844080717082404635286',
  y: '36134250956749795798585127919587881956611106672985015071877198253568414405109',
};

export const keys = {
  walletEvm: custodialKey('secp256k1', 'wallet evm'),
  walletEd25519: custodialKey('ed25519', 'wallet ed25519'),
  apiKeyEvm: custodialKey('secp256k1', 'api-key evm'),
  emailSolana: custodialKey('ed25519', 'email solana'),
  phoneStellar: custodialKey('ed25519', 'phone stellar'),
} satisfies Record<string, CustodialKey>;

export const createWallet = (
  request: CreateWalletRequest,
  custodialKeys: CustodialKeys = {},
  environment: Environment = 'staging',
  projectId = PROJECT_ID,
): WalletCommand => ({
  type: 'CreateWallet',
  data: { walletId: WALLET_ID, projectId, environment, request, custodialKeys, now: NOW },
});

export const addDelegatedSigner = (
  request: DelegatedSignerInput,
  custodialKeys: CustodialKeys = {},
  now = NOW,
): WalletCommand => ({
  type: 'AddDelegatedSigner',
  data: { walletId: WALLET_ID, request, custodialKeys, now },
});

export const removeDelegatedSigner = (signer: string, now = NOW): WalletCommand => ({
  type: 'RemoveDelegatedSigner',
  data: { walletId: WALLET_ID, signer, now },
});

export const STAGING_EVM_CHAINS = {
  'base-sepolia': { status: 'success' },
  'polygon-amoy': { status: 'success' },
  'ethereum-sepolia': { status: 'success' },
  'arbitrum-sepolia': { status: 'success' },
  'optimism-sepolia': { status: 'success' },
} as const;
