import * as E from 'fp-ts/lib/Either.js';
import { invalid, type DomainError } from '@paykit/kernel';
import type { ChainType, WalletType } from '../chains/chain-type.js';
import { isKeyAddressOf, normalizeAddress } from '../addresses/by-chain-type.js';
import { p256SignerAddress } from '../addresses/evm.js';
import type { CustodialKey } from '../keys/custodial-key.js';
import { normalizeOwnerValue } from '../locators/owner.js';
import { deviceLocatorId, devicePublicKeyOfLocatorId, splitSignerLocator } from '../locators/signer-locator.js';
import { parseP256PublicKey } from '../signatures/passkey.js';
import type { CustodialKeys } from './commands.js';
import { custodialHolderOf, takeCustodialKey } from './custodial-keys.js';
import type { Signer, SignerInput } from './types.js';

export type SignerRole = 'admin' | 'delegated' | 'recovery';

export interface SignerContext {
  readonly chainType: ChainType;
  readonly walletType: WalletType;
  readonly role: SignerRole;
  /** Where the signer sits in the request, for error messages (e.g. `config.adminSigner`). */
  readonly field: string;
  readonly custodialKeys: CustodialKeys;
}

export interface ValidatedSigner {
  readonly signer: Signer;
  /** The key the service holds for this signer (api-key, email, phone). */
  readonly custodialKey?: CustodialKey;
}

type SignerObject = Exclude<SignerInput, string>;

export const DEVICE_SIGNER_NOT_SUPPORTED = 'DEVICE_SIGNER_NOT_SUPPORTED';

const bad = (field: string, message: string) => E.left(invalid('invalid_signer', `${field}: ${message}`));

const ADDRESS_FORMS: Readonly<Record<ChainType, string>> = {
  evm: 'an evm address (0x and 40 hex digits, EIP-55 checksummed when mixed-case)',
  solana: 'a solana address (base58, 32 bytes)',
  stellar: 'a stellar account address (G...)',
  aptos: 'an aptos address (0x and 64 hex digits)',
  sui: 'a sui address (0x and 64 hex digits)',
};

export const isDeviceSignerInput = (input: SignerInput | undefined): boolean =>
  typeof input === 'string' ? splitSignerLocator(input)?.type === 'device' : input?.type === 'device';

/**
 * Device keys (P-256, held in a phone's secure enclave) are verified on-chain the way passkeys
 * are, so only EVM smart wallets take them, and only as delegated signers.
 */
export const deviceSignerRefusal = (
  context: Pick<SignerContext, 'chainType' | 'walletType' | 'role' | 'field'>,
): DomainError | null => {
  if (context.role !== 'delegated') {
    return invalid(DEVICE_SIGNER_NOT_SUPPORTED, `${context.field}: device signers can only be delegated signers`);
  }
  if (context.chainType !== 'evm' || context.walletType !== 'smart') {
    return invalid(
      DEVICE_SIGNER_NOT_SUPPORTED,
      `${context.field}: device signers are not supported on ${context.chainType} ${context.walletType} wallets`,
    );
  }
  return null;
};

/** A delegated signer given as a locator string, turned into the object form. */
const fromLocator = (text: string, field: string): E.Either<DomainError, SignerObject> => {
  const split = splitSignerLocator(text);
  if (!split)
    return bad(
      field,
      `"${text}" is not a signer locator (external-wallet:<address>, server:<address>, email:<email>, phone:<phone>, api-key or device:<publicKey>)`,
    );
  switch (split.type) {
    case 'external-wallet':
    case 'server':
      return E.right({ type: split.type, address: split.id });
    case 'email':
      return E.right({ type: 'email', email: split.id });
    case 'phone':
      return E.right({ type: 'phone', phone: split.id });
    case 'api-key':
      return split.id === ''
        ? E.right({ type: 'api-key' })
        : bad(field, `an api-key signer gets its address from the service: write "api-key" without "${split.id}"`);
    case 'passkey':
      return bad(
        field,
        'a passkey signer needs its public key: give { "type": "passkey", "id", "name", "publicKey": { "x", "y" } }',
      );
    case 'device': {
      const publicKey = devicePublicKeyOfLocatorId(split.id);
      return publicKey
        ? E.right({ type: 'device', publicKey })
        : bad(field, `"${split.id}" is not a base64 P-256 public key`);
    }
  }
};

const withAddress = (
  input: SignerObject,
  context: SignerContext,
  type: 'external-wallet' | 'server',
): E.Either<DomainError, ValidatedSigner> => {
  const { address } = input;
  if (typeof address !== 'string' || address === '') return bad(context.field, `${type} signers need an address`);
  if (!isKeyAddressOf(context.chainType, address)) {
    return bad(`${context.field}.address`, `"${address}" is not ${ADDRESS_FORMS[context.chainType]}`);
  }
  const normalized = normalizeAddress(context.chainType, address);
  return E.right({ signer: { type, address: normalized, locator: `${type}:${normalized}` } });
};

const withCustodialKey = (
  input: SignerObject,
  context: SignerContext,
  build: (address: string) => Signer,
): E.Either<DomainError, ValidatedSigner> => {
  const holder = custodialHolderOf(input) as string;
  const taken = takeCustodialKey(context.custodialKeys, holder, context.chainType);
  return E.isLeft(taken) ? taken : E.right({ signer: build(taken.right.address), custodialKey: taken.right.key });
};

const p256Key = (input: SignerObject, field: string): E.Either<DomainError, { x: bigint; y: bigint }> => {
  const publicKey = input.publicKey;
  const point =
    publicKey && typeof publicKey.x === 'string' && typeof publicKey.y === 'string'
      ? parseP256PublicKey(publicKey)
      : null;
  return point
    ? E.right(point)
    : bad(`${field}.publicKey`, 'must be { x, y }, decimal strings naming a point on the P-256 curve');
};

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim().length > 0;

const validateObject = (input: SignerObject, context: SignerContext): E.Either<DomainError, ValidatedSigner> => {
  const { field, chainType } = context;
  switch (input.type) {
    case 'external-wallet':
    case 'server':
      return withAddress(input, context, input.type);
    case 'api-key':
      return withCustodialKey(input, context, (address) => ({
        type: 'api-key',
        address,
        locator: `api-key:${address}`,
      }));
    case 'email': {
      const checked = normalizeOwnerValue('email', String(input.email ?? ''));
      if (E.isLeft(checked)) return bad(`${field}.email`, checked.left);
      const email = checked.right;
      return withCustodialKey(input, context, (address) => ({
        type: 'email',
        email,
        address,
        locator: `email:${email}`,
      }));
    }
    case 'phone': {
      const checked = normalizeOwnerValue('phoneNumber', String(input.phone ?? ''));
      if (E.isLeft(checked)) return bad(`${field}.phone`, checked.left);
      const phone = checked.right;
      return withCustodialKey(input, context, (address) => ({
        type: 'phone',
        phone,
        address,
        locator: `phone:${phone}`,
      }));
    }
    case 'passkey': {
      if (chainType !== 'evm')
        return bad(`${field}.type`, `passkey signers are only supported on evm wallets, not ${chainType}`);
      if (!nonEmpty(input.id)) return bad(`${field}.id`, 'a passkey signer needs its credential id');
      if (!nonEmpty(input.name)) return bad(`${field}.name`, 'a passkey signer needs a name');
      const point = p256Key(input, field);
      if (E.isLeft(point)) return point;
      const publicKey = { x: point.right.x.toString(), y: point.right.y.toString() };
      const signer: Signer = {
        type: 'passkey',
        id: input.id,
        name: input.name,
        publicKey,
        address: p256SignerAddress(point.right),
        locator: `passkey:${input.id}`,
      };
      return E.right({ signer });
    }
    case 'device': {
      const refusal = deviceSignerRefusal(context);
      if (refusal) return E.left(refusal);
      if (input.name !== undefined && !nonEmpty(input.name))
        return bad(`${field}.name`, 'must be a non-empty string when given');
      const point = p256Key(input, field);
      if (E.isLeft(point)) return point;
      const publicKey = { x: point.right.x.toString(), y: point.right.y.toString() };
      const base = {
        type: 'device' as const,
        publicKey,
        address: p256SignerAddress(point.right),
        locator: `device:${deviceLocatorId(point.right)}`,
      };
      return E.right({ signer: input.name === undefined ? base : { ...base, name: input.name } });
    }
    default: {
      const accepted = `external-wallet, server, api-key, passkey, email, phone${context.role === 'delegated' ? ', device' : ''}`;
      return bad(`${field}.type`, `unknown signer type "${String(input.type)}"; expected ${accepted}`);
    }
  }
};

/** Validates one signer of a request against the wallet kind and role it is given for. */
export const validateSigner = (
  input: SignerInput | undefined,
  context: SignerContext,
): E.Either<DomainError, ValidatedSigner> => {
  if (typeof input === 'string') {
    if (context.role !== 'delegated')
      return bad(context.field, 'must be an object such as { "type": "external-wallet", "address": "..." }');
    const object = fromLocator(input, context.field);
    return E.isLeft(object) ? object : validateObject(object.right, context);
  }
  if (typeof input !== 'object' || input === null || typeof input.type !== 'string') {
    return bad(context.field, 'must be an object with a signer type');
  }
  return validateObject(input, context);
};
