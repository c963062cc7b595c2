import * as E from 'fp-ts/lib/Either.js';
import { conflict, invalid, type DomainError } from '@paykit/kernel';
import {
  CHAIN_TYPES,
  defaultWalletType,
  isChainType,
  isWalletType,
  supportsWalletType,
  walletTypesOf,
  type ChainType,
  type WalletType,
} from '../chains/chain-type.js';
import { UINT256_MAX, evmSmartAccountAddress } from '../addresses/evm.js';
import { solanaSmartAccountAddress } from '../addresses/solana.js';
import { smartAccountIndex } from '../addresses/smart-account-index.js';
import type { Address as EvmAddress } from 'viem';
import type { Address as SolanaAddress } from '@solana/kit';
import type { CustodialKey } from '../keys/custodial-key.js';
import { aliasRule, isAlias } from '../locators/alias.js';
import { formatOwner, parseOwner } from '../locators/owner.js';
import type { CreateWallet } from './commands.js';
import { holdsWalletKey, takeCustodialKey, WALLET_KEY } from './custodial-keys.js';
import { validateDelegatedSigner } from './delegated-signer-input.js';
import type { WalletEvent } from './events.js';
import { deviceSignerRefusal, isDeviceSignerInput, validateSigner } from './signer-input.js';
import { type WalletState, initialWalletState } from './state.js';
import type { CreateWalletRequest, DelegatedSigner, Signer, Wallet } from './types.js';

interface Kind {
  readonly chainType: ChainType;
  readonly walletType: WalletType;
}

const bad = (field: string, message: string) => E.left(invalid('invalid_wallet_request', `${field}: ${message}`));

const validateKind = (request: CreateWalletRequest): E.Either<DomainError, Kind> => {
  const { chainType, type } = request;
  if (typeof chainType !== 'string' || !isChainType(chainType)) {
    return bad('chainType', `unknown chain type "${String(chainType)}"; expected ${CHAIN_TYPES.join(', ')}`);
  }
  const walletType = type ?? defaultWalletType(chainType);
  if (!isWalletType(walletType)) return bad('type', `unknown wallet type "${walletType}"; expected smart or mpc`);
  if (!supportsWalletType(chainType, walletType)) {
    return bad(
      'type',
      `${chainType} wallets cannot be ${walletType} wallets (only ${walletTypesOf(chainType).join(', ')})`,
    );
  }
  return E.right({ chainType, walletType });
};

/** Smart wallets are governed by signers; MPC wallets by the service's key alone. */
const takesSigners = (kind: Kind): boolean => kind.walletType === 'smart';
/** Seeds vary counterfactual addresses; Stellar's address is its key, so it has none. */
const takesCreationSeed = (kind: Kind): boolean => kind.walletType === 'smart' && kind.chainType !== 'stellar';

/** A device signer anywhere it cannot be is refused first, with its own code. */
const refuseDeviceSigners = (request: CreateWalletRequest, kind: Kind): DomainError | null => {
  const config = request.config;
  if (isDeviceSignerInput(config?.adminSigner))
    return deviceSignerRefusal({ ...kind, role: 'admin', field: 'config.adminSigner' });
  if (isDeviceSignerInput(config?.recovery))
    return deviceSignerRefusal({ ...kind, role: 'recovery', field: 'config.recovery' });
  const delegated = Array.isArray(config?.delegatedSigners) ? config.delegatedSigners : [];
  for (const [index, entry] of delegated.entries()) {
    if (!isDeviceSignerInput(entry?.signer)) continue;
    const refusal = deviceSignerRefusal({
      ...kind,
      role: 'delegated',
      field: `config.delegatedSigners[${index}].signer`,
    });
    if (refusal) return refusal;
  }
  return null;
};

const refuseSignerConfig = (request: CreateWalletRequest, kind: Kind): E.Either<DomainError, undefined> => {
  const config = request.config ?? {};
  for (const field of ['adminSigner', 'delegatedSigners', 'recovery'] as const) {
    if (config[field] !== undefined)
      return bad(`config.${field}`, `${kind.chainType} ${kind.walletType} wallets take no signers`);
  }
  if (config.creationSeed !== undefined)
    return bad('config.creationSeed', `${kind.chainType} ${kind.walletType} wallets take no creation seed`);
  return E.right(undefined);
};

const validateCreationSeed = (seed: unknown, kind: Kind): E.Either<DomainError, string | undefined> => {
  if (!takesCreationSeed(kind)) {
    return seed === undefined
      ? E.right(undefined)
      : bad('config.creationSeed', `${kind.chainType} wallets take no creation seed`);
  }
  const value = seed ?? '0';
  if (typeof value !== 'string') return bad('config.creationSeed', 'must be a decimal string such as "0"');
  if (!/^(0|[1-9]\d{0,77})$/.test(value) || BigInt(value) > UINT256_MAX) {
    return bad('config.creationSeed', `"${String(value)}" is not an unsigned 256-bit integer in decimal`);
  }
  return E.right(value);
};

interface SignerConfig {
  readonly adminSigner: Signer;
  readonly recovery?: Signer;
  readonly creationSeed?: string;
  readonly delegatedSigners: readonly DelegatedSigner[];
  readonly custodialKeys: Readonly<Record<string, CustodialKey>>;
}

const validateSignerConfig = (command: CreateWallet, kind: Kind): E.Either<DomainError, SignerConfig> => {
  const { request, custodialKeys, environment, now } = command.data;
  const config = request.config ?? {};
  if (config.adminSigner === undefined)
    return bad('config.adminSigner', `is required for ${kind.chainType} smart wallets`);
  const admin = validateSigner(config.adminSigner, {
    ...kind,
    role: 'admin',
    field: 'config.adminSigner',
    custodialKeys,
  });
  if (E.isLeft(admin)) return admin;
  const keys: Record<string, CustodialKey> = {};
  if (admin.right.custodialKey) keys[admin.right.signer.locator] = admin.right.custodialKey;
  let recovery: Signer | undefined;
  if (config.recovery !== undefined) {
    const input = config.recovery;
    if (typeof input !== 'object' || input === null || input.type !== 'external-wallet') {
      return bad('config.recovery.type', 'recovery signers must be external-wallet signers');
    }
    const checked = validateSigner(input, { ...kind, role: 'recovery', field: 'config.recovery', custodialKeys });
    if (E.isLeft(checked)) return checked;
    recovery = checked.right.signer;
  }
  const creationSeed = validateCreationSeed(config.creationSeed, kind);
  if (E.isLeft(creationSeed)) return creationSeed;
  if (config.delegatedSigners !== undefined && !Array.isArray(config.delegatedSigners)) {
    return bad('config.delegatedSigners', 'must be an array');
  }
  const delegatedSigners: DelegatedSigner[] = [];
  const locators = new Set([admin.right.signer.locator]);
  for (const [index, entry] of (config.delegatedSigners ?? []).entries()) {
    const field = `config.delegatedSigners[${index}]`;
    const checked = validateDelegatedSigner(entry, { ...kind, environment, field, custodialKeys, now });
    if (E.isLeft(checked)) return checked;
    const { delegatedSigner, custodialKey } = checked.right;
    if (locators.has(delegatedSigner.signer.locator)) {
      return bad(`${field}.signer`, `${delegatedSigner.signer.locator} is already a signer of this wallet`);
    }
    locators.add(delegatedSigner.signer.locator);
    if (custodialKey) keys[delegatedSigner.signer.locator] = custodialKey;
    delegatedSigners.push(delegatedSigner);
  }
  return E.right({
    adminSigner: admin.right.signer,
    ...(recovery ? { recovery } : {}),
    ...(creationSeed.right === undefined ? {} : { creationSeed: creationSeed.right }),
    delegatedSigners,
    custodialKeys: keys,
  });
};

interface Counterfactual {
  readonly address: string;
  readonly accountIndex: string;
}

/**
 * EVM and Solana smart wallets live at a counterfactual address fixed by their admin signer and
 * their identity (project, owner, alias, creation seed), so distinct wallets never share one.
 */
const counterfactualAddress = (
  command: CreateWallet,
  chainType: ChainType,
  owner: string | undefined,
  signers: SignerConfig,
): Counterfactual => {
  // The handler derives the new wallet before the decider does: the keccak work (~0.1 ms) once.
  const key = JSON.stringify([
    chainType,
    signers.adminSigner.address,
    command.data.projectId,
    owner ?? null,
    command.data.request.alias ?? null,
    signers.creationSeed ?? null,
  ]);
  const known = derived.get(key);
  if (known) return known;
  const counterfactual = deriveCounterfactual(command, chainType, owner, signers);
  if (derived.size >= DERIVED_KEPT) derived.delete(derived.keys().next().value!);
  derived.set(key, counterfactual);
  return counterfactual;
};

/** The last addresses derived, by everything they are derived from (oldest dropped first). */
const derived = new Map<string, Counterfactual>();
const DERIVED_KEPT = 1024;

const deriveCounterfactual = (
  command: CreateWallet,
  chainType: ChainType,
  owner: string | undefined,
  signers: SignerConfig,
): Counterfactual => {
  const index = smartAccountIndex({
    projectId: command.data.projectId,
    ...(owner !== undefined && { owner }),
    ...(command.data.request.alias !== undefined && { alias: command.data.request.alias }),
    creationSeed: BigInt(signers.creationSeed ?? '0'),
  });
  const address =
    chainType === 'evm'
      ? evmSmartAccountAddress(signers.adminSigner.address as EvmAddress, index)
      : solanaSmartAccountAddress(signers.adminSigner.address as SolanaAddress, index);
  return { address, accountIndex: index.toString() };
};

/** The key the wallet's address belongs to, for the kinds that hold one. */
const walletKeyOf = (
  command: CreateWallet,
  kind: Kind,
): E.Either<DomainError, { key: CustodialKey; address: string } | undefined> =>
  holdsWalletKey(kind.chainType, kind.walletType)
    ? takeCustodialKey(command.data.custodialKeys, WALLET_KEY, kind.chainType)
    : E.right(undefined);

const validateOwner = (owner: unknown): E.Either<DomainError, string | undefined> => {
  if (owner === undefined) return E.right(undefined);
  if (typeof owner !== 'string') return bad('owner', 'must be a string <type>:<value>');
  const parsed = parseOwner(owner);
  return E.isLeft(parsed) ? parsed : E.right(formatOwner(parsed.right));
};

export const decideCreateWallet = (
  command: CreateWallet,
  state: WalletState,
): E.Either<DomainError, readonly WalletEvent[]> => {
  const { walletId, request, environment, now } = command.data;
  if (state.status === 'created') {
    return state.wallet.walletId === walletId
      ? E.right([])
      : E.left(conflict('wallet_already_exists', `this stream already holds wallet ${state.wallet.walletId}`));
  }
  const kind = validateKind(request);
  if (E.isLeft(kind)) return kind;
  const owner = validateOwner(request.owner);
  if (E.isLeft(owner)) return owner;
  if (request.alias !== undefined && (typeof request.alias !== 'string' || !isAlias(request.alias))) {
    return bad('alias', `"${String(request.alias)}" is not a valid alias (${aliasRule})`);
  }
  if (request.config !== undefined && (typeof request.config !== 'object' || request.config === null)) {
    return bad('config', 'must be an object');
  }
  const deviceRefusal = refuseDeviceSigners(request, kind.right);
  if (deviceRefusal) return E.left(deviceRefusal);
  const signers = takesSigners(kind.right)
    ? validateSignerConfig(command, kind.right)
    : refuseSignerConfig(request, kind.right);
  if (E.isLeft(signers)) return signers;
  const walletKey = walletKeyOf(command, kind.right);
  if (E.isLeft(walletKey)) return walletKey;
  const config = signers.right;
  const counterfactual =
    walletKey.right || !config ? undefined : counterfactualAddress(command, kind.right.chainType, owner.right, config);
  const address = walletKey.right?.address ?? counterfactual?.address;
  if (address === undefined)
    throw new Error(`no address scheme for ${kind.right.chainType} ${kind.right.walletType} wallets`);
  const wallet: Wallet = {
    walletId,
    environment,
    ...kind.right,
    address,
    ...(owner.right === undefined ? {} : { owner: owner.right }),
    ...(request.alias === undefined ? {} : { alias: request.alias }),
    createdAt: now,
    ...(config ? { adminSigner: config.adminSigner } : {}),
    delegatedSigners: config?.delegatedSigners ?? [],
    ...(config?.creationSeed === undefined ? {} : { creationSeed: config.creationSeed }),
    ...(counterfactual && { accountIndex: counterfactual.accountIndex }),
    ...(config?.recovery ? { recovery: config.recovery } : {}),
    custodialKeys: { ...config?.custodialKeys, ...(walletKey.right ? { [WALLET_KEY]: walletKey.right.key } : {}) },
  };
  return E.right([{ type: 'WalletCreated', data: wallet }]);
};

/**
 * The wallet a create command makes where there is none yet, or its refusal: the address it
 * derives names the streams a handler claims before it writes the wallet (ADR 0425).
 */
export const newWalletOf = (command: CreateWallet): E.Either<DomainError, Wallet> => {
  const decided = decideCreateWallet(command, initialWalletState());
  if (E.isLeft(decided)) return decided;
  const [created] = decided.right;
  if (created?.type !== 'WalletCreated') throw new Error('a create on an empty stream decides WalletCreated');
  return E.right(created.data);
};
