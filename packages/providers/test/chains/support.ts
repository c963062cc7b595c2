import { createHash, createPrivateKey, sign } from 'node:crypto';
import {
  addressFromPublicKey,
  findTokenByCurrency,
  findChain,
  keyPairFromRandomBytes,
  type ChainType,
  type KeyCurve,
} from '@paykit/wallets';
import type { EventStore } from '@paykit/event-store';
import type * as E from 'fp-ts/lib/Either.js';
import type { DomainError, ManualClock } from '@paykit/kernel';
import {
  SandboxChainGateway,
  type ChainToken,
  type SubmitTransferRequest,
  type SubmitTransferResult,
} from '../../src/index.js';
import { clockAt, rightOf } from '../support.js';

export interface TestWallet {
  readonly address: string;
  readonly curve: KeyCurve;
  readonly secretKey: Uint8Array;
  readonly publicKey: Uint8Array;
}

/** A custodial (MPC) wallet whose key comes from a label. */
export const mpcWallet = (chainType: ChainType, label: string): TestWallet => {
  const curve: KeyCurve = chainType === 'evm' ? 'secp256k1' : 'ed25519';
  const pair = keyPairFromRandomBytes(curve, createHash('sha256').update(label).digest());
  return {
    address: addressFromPublicKey(chainType, pair.publicKey),
    curve,
    secretKey: pair.secretKey,
    publicKey: pair.publicKey,
  };
};

export const usdxmOn = (chain: string): ChainToken => {
  const info = findChain(chain, 'staging');
  const token = info && findTokenByCurrency(info, 'usdxm');
  if (!token?.address) throw new Error(`no usdxm on ${chain}`);
  return { native: false, address: token.address };
};

export const NATIVE: ChainToken = { native: true };

/** A sandbox on a manual clock at a block boundary, with 1 s blocks and 3 confirmations everywhere. */
export const sandbox = (
  options: {
    store?: EventStore;
    clock?: ManualClock;
    environment?: 'staging' | 'production';
    legacyJournalPath?: string;
  } = {},
) => {
  const clock = options.clock ?? clockAt('2026-01-01T00:00:00.000Z');
  const gateway = new SandboxChainGateway({
    environment: options.environment ?? 'staging',
    clock,
    timing: { blockTimeMs: 1_000, confirmations: 3 },
    ...(options.store && { store: options.store }),
    ...(options.legacyJournalPath && { legacyJournalPath: options.legacyJournalPath }),
  });
  return { clock, gateway };
};

export const transferFrom = (
  wallet: TestWallet,
  chain: string,
  token: ChainToken,
  recipient: string,
  baseUnits: string,
  extra: Partial<SubmitTransferRequest> = {},
): SubmitTransferRequest => ({
  chain,
  from: { address: wallet.address, walletType: 'mpc' },
  authority: { kind: 'custodial-key', curve: wallet.curve, secretKey: wallet.secretKey },
  token,
  recipient,
  baseUnits,
  ...extra,
});

/** The transaction id of a submission; fails the test with the error of a rejection. */
export const submittedTxId = (result: E.Either<DomainError, SubmitTransferResult>): string => {
  const value = rightOf(result);
  if (value.outcome !== 'submitted') throw new Error(`expected a submission, got ${JSON.stringify(value.error)}`);
  return value.txId;
};

export const balanceOf = async (
  gateway: SandboxChainGateway,
  chain: string,
  address: string,
  token: ChainToken,
): Promise<string> => rightOf(await gateway.getBalance({ chain, address, token })).baseUnits;

const ED25519_PKCS8_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');

/** An Ed25519 signature by a 32-byte seed (node:crypto, through its PKCS#8 wrapping). */
export const signEd25519 = (message: Uint8Array, seed: Uint8Array): Uint8Array =>
  new Uint8Array(
    sign(
      null,
      message,
      createPrivateKey({ key: Buffer.concat([ED25519_PKCS8_PREFIX, seed]), format: 'der', type: 'pkcs8' }),
    ),
  );

/** The transaction id of a submission, or a test failure naming why it was not submitted. */
export const submittedTxIdOf = (result: E.Either<DomainError, SubmitTransferResult>): string => {
  const value = rightOf(result);
  if (value.outcome !== 'submitted') throw new Error(`expected a submission, got ${JSON.stringify(value.error)}`);
  return value.txId;
};
