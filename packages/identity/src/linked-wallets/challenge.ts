import type { ChainType } from '@paykit/wallets';

/** Chain families whose wallets can prove ownership by signing a message here. */
export const LINKABLE_CHAIN_TYPES = ['evm', 'solana'] as const satisfies readonly ChainType[];
export type LinkableChainType = (typeof LINKABLE_CHAIN_TYPES)[number];

export const isLinkableChainType = (value: string): value is LinkableChainType =>
  (LINKABLE_CHAIN_TYPES as readonly string[]).includes(value);

/** What the wallet is asked to sign: the fields of a CAIP-122 (Sign-In with X) message. */
export interface LinkChallenge {
  readonly domain: string;
  readonly address: string;
  readonly statement: string;
  readonly uri: string;
  /** CAIP-2 chain id, e.g. eip155:84532 or solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1 */
  readonly chainId: string;
  readonly nonce: string;
  readonly issuedAt: string;
  readonly expiresAt: string;
}

export const LINK_STATEMENT =
  'Link this wallet to your account. Signing proves you own it; it sends no transaction and costs no fees.';

const ACCOUNT_NAMES: Readonly<Record<LinkableChainType, string>> = { evm: 'Ethereum', solana: 'Solana' };

/**
 * The text to sign, laid out as CAIP-122 prescribes (EIP-4361 for EVM wallets), so wallets
 * that recognise sign-in messages show it as one. The chain id's reference is what EIP-4361
 * calls "Chain ID".
 */
export const challengeMessage = (chainType: LinkableChainType, challenge: LinkChallenge): string =>
  [
    `${challenge.domain} wants you to sign in with your ${ACCOUNT_NAMES[chainType]} account:`,
    challenge.address,
    '',
    challenge.statement,
    '',
    `URI: ${challenge.uri}`,
    'Version: 1',
    `Chain ID: ${chainType === 'evm' ? challenge.chainId.slice('eip155:'.length) : challenge.chainId}`,
    `Nonce: ${challenge.nonce}`,
    `Issued At: ${challenge.issuedAt}`,
    `Expiration Time: ${challenge.expiresAt}`,
  ].join('\n');
