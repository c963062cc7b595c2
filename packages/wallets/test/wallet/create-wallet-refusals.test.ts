import { DeciderSpecification } from '@paykit/kernel/testing';
import { walletDecider } from '../../src/wallet/decider.js';
import type { CustodialKeys } from '../../src/wallet/commands.js';
import type { CreateWalletRequest, DelegatedSignerInput } from '../../src/wallet/types.js';
import { EVM_ADMIN, P256_KEY, SOLANA_ADMIN, STELLAR_ADMIN, createWallet, keys } from './fixtures.js';

const spec = DeciderSpecification.for(walletDecider);

const evmSmart = (
  config: CreateWalletRequest['config'],
  extra: Partial<CreateWalletRequest> = {},
): CreateWalletRequest => ({
  chainType: 'evm',
  ...extra,
  config: { adminSigner: { type: 'external-wallet', address: EVM_ADMIN }, ...config },
});
const withDelegated = (...delegatedSigners: DelegatedSignerInput[]): CreateWalletRequest =>
  evmSmart({ delegatedSigners });
const DEVICE = { type: 'device', publicKey: P256_KEY };
const DEVICE_LOCATOR =
  'device:BGsX0fLhLEJH+Lzm5WOkQPJ3A32BLeszoPShOUXYmMKWT+NC4v4af5uO5+tKfA+eFivOM1drMV7Oy7ZAaDe/UfU=';

const refusals: [string, CreateWalletRequest, CustodialKeys, string, string][] = [
  // kind, owner, alias
  [
    'an unknown chain type',
    { chainType: 'bitcoin' },
    {},
    'invalid_wallet_request',
    'chainType: unknown chain type "bitcoin"; expected evm, solana, aptos, sui, stellar',
  ],
  [
    'an unknown wallet type',
    { chainType: 'evm', type: 'custodial' },
    {},
    'invalid_wallet_request',
    'type: unknown wallet type "custodial"; expected smart or mpc',
  ],
  [
    'a smart Aptos wallet',
    { chainType: 'aptos', type: 'smart' },
    {},
    'invalid_wallet_request',
    'type: aptos wallets cannot be smart wallets (only mpc)',
  ],
  [
    'an MPC Stellar wallet',
    { chainType: 'stellar', type: 'mpc' },
    {},
    'invalid_wallet_request',
    'type: stellar wallets cannot be mpc wallets (only smart)',
  ],
  [
    'a malformed owner',
    { chainType: 'evm', type: 'mpc', owner: 'phoneNumber:555' },
    { wallet: keys.walletEvm },
    'invalid_owner',
    'owner: "555" is not a phone number in E.164 format (e.g. +14155550123)',
  ],
  [
    'an unknown owner type',
    { chainType: 'evm', type: 'mpc', owner: 'discord:bob' },
    { wallet: keys.walletEvm },
    'invalid_owner',
    'owner: unknown owner type "discord"; expected email, userId, phoneNumber, twitter or x',
  ],
  [
    'a malformed alias',
    { chainType: 'sui', alias: 'my wallet' },
    { wallet: keys.walletEd25519 },
    'invalid_wallet_request',
    'alias: "my wallet" is not a valid alias (1 to 64 letters, digits, dots, dashes or underscores)',
  ],
  [
    'an owner that is not a string',
    { chainType: 'evm', type: 'mpc', owner: 5 as never },
    { wallet: keys.walletEvm },
    'invalid_wallet_request',
    'owner: must be a string <type>:<value>',
  ],
  [
    'an alias that is not a string, though its digits would make one',
    { chainType: 'sui', alias: 123 as never },
    { wallet: keys.walletEd25519 },
    'invalid_wallet_request',
    'alias: "123" is not a valid alias (1 to 64 letters, digits, dots, dashes or underscores)',
  ],
  [
    'a null config',
    { chainType: 'evm', config: null as never },
    {},
    'invalid_wallet_request',
    'config: must be an object',
  ],
  // device signers
  [
    'a device admin signer',
    evmSmart({ adminSigner: DEVICE }),
    {},
    'DEVICE_SIGNER_NOT_SUPPORTED',
    'config.adminSigner: device signers can only be delegated signers',
  ],
  [
    'a device admin signer given as a locator',
    evmSmart({ adminSigner: DEVICE_LOCATOR }),
    {},
    'DEVICE_SIGNER_NOT_SUPPORTED',
    'config.adminSigner: device signers can only be delegated signers',
  ],
  [
    'a device admin signer on an MPC wallet, before its other signer rules',
    { chainType: 'evm', type: 'mpc', config: { adminSigner: DEVICE } },
    { wallet: keys.walletEvm },
    'DEVICE_SIGNER_NOT_SUPPORTED',
    'config.adminSigner: device signers can only be delegated signers',
  ],
  [
    'a device recovery signer',
    evmSmart({ recovery: DEVICE }),
    {},
    'DEVICE_SIGNER_NOT_SUPPORTED',
    'config.recovery: device signers can only be delegated signers',
  ],
  [
    'a device signer on a Solana smart wallet',
    {
      chainType: 'solana',
      config: {
        adminSigner: { type: 'external-wallet', address: SOLANA_ADMIN },
        delegatedSigners: [{ signer: DEVICE }],
      },
    },
    {},
    'DEVICE_SIGNER_NOT_SUPPORTED',
    'config.delegatedSigners[0].signer: device signers are not supported on solana smart wallets',
  ],
  [
    'a device locator on a Stellar wallet',
    {
      chainType: 'stellar',
      config: {
        adminSigner: { type: 'external-wallet', address: STELLAR_ADMIN },
        delegatedSigners: [{ signer: DEVICE_LOCATOR }],
      },
    },
    { wallet: keys.walletEd25519 },
    'DEVICE_SIGNER_NOT_SUPPORTED',
    'config.delegatedSigners[0].signer: device signers are not supported on stellar smart wallets',
  ],
  [
    'a device signer on an EVM MPC wallet',
    { chainType: 'evm', type: 'mpc', config: { delegatedSigners: [{ signer: DEVICE }] } },
    { wallet: keys.walletEvm },
    'DEVICE_SIGNER_NOT_SUPPORTED',
    'config.delegatedSigners[0].signer: device signers are not supported on evm mpc wallets',
  ],
  // MPC kinds take no signer configuration
  [
    'signers on an MPC wallet',
    { chainType: 'evm', type: 'mpc', config: { adminSigner: { type: 'external-wallet', address: EVM_ADMIN } } },
    { wallet: keys.walletEvm },
    'invalid_wallet_request',
    'config.adminSigner: evm mpc wallets take no signers',
  ],
  [
    'a creation seed on an MPC wallet',
    { chainType: 'solana', type: 'mpc', config: { creationSeed: '1' } },
    { wallet: keys.walletEd25519 },
    'invalid_wallet_request',
    'config.creationSeed: solana mpc wallets take no creation seed',
  ],
  [
    'a config that is not an object',
    { chainType: 'aptos', config: 'x' as never },
    { wallet: keys.walletEd25519 },
    'invalid_wallet_request',
    'config: must be an object',
  ],
  // admin signer
  [
    'a smart wallet without admin signer',
    { chainType: 'evm', config: {} },
    {},
    'invalid_wallet_request',
    'config.adminSigner: is required for evm smart wallets',
  ],
  [
    'a null admin signer',
    evmSmart({ adminSigner: null as never }),
    {},
    'invalid_signer',
    'config.adminSigner: must be an object with a signer type',
  ],
  [
    'an admin signer without type',
    evmSmart({ adminSigner: { address: EVM_ADMIN } as never }),
    {},
    'invalid_signer',
    'config.adminSigner: must be an object with a signer type',
  ],
  [
    'an admin signer given as a locator',
    evmSmart({ adminSigner: `external-wallet:${EVM_ADMIN}` }),
    {},
    'invalid_signer',
    'config.adminSigner: must be an object such as { "type": "external-wallet", "address": "..." }',
  ],
  [
    'an unknown admin signer type',
    evmSmart({ adminSigner: { type: 'ledger' } }),
    {},
    'invalid_signer',
    'config.adminSigner.type: unknown signer type "ledger"; expected external-wallet, server, api-key, passkey, email, phone',
  ],
  [
    'an external wallet without address',
    evmSmart({ adminSigner: { type: 'external-wallet' } }),
    {},
    'invalid_signer',
    'config.adminSigner: external-wallet signers need an address',
  ],
  [
    'an external wallet with an empty address',
    evmSmart({ adminSigner: { type: 'external-wallet', address: '' } }),
    {},
    'invalid_signer',
    'config.adminSigner: external-wallet signers need an address',
  ],
  [
    'a Solana address on an EVM wallet',
    evmSmart({ adminSigner: { type: 'external-wallet', address: SOLANA_ADMIN } }),
    {},
    'invalid_signer',
    `config.adminSigner.address: "${SOLANA_ADMIN}" is not an evm address (0x and 40 hex digits, EIP-55 checksummed when mixed-case)`,
  ],
  [
    'a bad EIP-55 checksum',
    evmSmart({ adminSigner: { type: 'server', address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' } }),
    {},
    'invalid_signer',
    'config.adminSigner.address: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD" is not an evm address (0x and 40 hex digits, EIP-55 checksummed when mixed-case)',
  ],
  [
    'a Stellar contract as admin',
    {
      chainType: 'stellar',
      config: {
        adminSigner: { type: 'external-wallet', address: 'CCVJ4LNRNA652OCM323WBMVXONIPRHZMX4BZJSLY2F4KH3NV2UAPJKBF' },
      },
    },
    { wallet: keys.walletEd25519 },
    'invalid_signer',
    'config.adminSigner.address: "CCVJ4LNRNA652OCM323WBMVXONIPRHZMX4BZJSLY2F4KH3NV2UAPJKBF" is not a stellar account address (G...)',
  ],
  [
    'a passkey on Solana',
    { chainType: 'solana', config: { adminSigner: { type: 'passkey', id: 'c', name: 'n', publicKey: P256_KEY } } },
    {},
    'invalid_signer',
    'config.adminSigner.type: passkey signers are only supported on evm wallets, not solana',
  ],
  [
    'a passkey off the curve',
    evmSmart({ adminSigner: { type: 'passkey', id: 'c', name: 'n', publicKey: { x: '1', y: '2' } } }),
    {},
    'invalid_signer',
    'config.adminSigner.publicKey: must be { x, y }, decimal strings naming a point on the P-256 curve',
  ],
  [
    'a passkey without public key',
    evmSmart({ adminSigner: { type: 'passkey', id: 'c', name: 'n' } }),
    {},
    'invalid_signer',
    'config.adminSigner.publicKey: must be { x, y }, decimal strings naming a point on the P-256 curve',
  ],
  [
    'a passkey without id',
    evmSmart({ adminSigner: { type: 'passkey', name: 'n', publicKey: P256_KEY } }),
    {},
    'invalid_signer',
    'config.adminSigner.id: a passkey signer needs its credential id',
  ],
  [
    'a passkey without name',
    evmSmart({ adminSigner: { type: 'passkey', id: 'c', publicKey: P256_KEY } }),
    {},
    'invalid_signer',
    'config.adminSigner.name: a passkey signer needs a name',
  ],
  [
    'a passkey with a blank name',
    evmSmart({ adminSigner: { type: 'passkey', id: 'c', name: '   ', publicKey: P256_KEY } }),
    {},
    'invalid_signer',
    'config.adminSigner.name: a passkey signer needs a name',
  ],
  [
    'a malformed email signer',
    evmSmart({ adminSigner: { type: 'email', email: 'bob' } }),
    {},
    'invalid_signer',
    'config.adminSigner.email: "bob" is not an email address',
  ],
  [
    'an email signer without email',
    evmSmart({ adminSigner: { type: 'email' } }),
    {},
    'invalid_signer',
    'config.adminSigner.email: "" is not an email address',
  ],
  [
    'a malformed phone signer',
    evmSmart({ adminSigner: { type: 'phone', phone: '0044' } }),
    {},
    'invalid_signer',
    'config.adminSigner.phone: "0044" is not a phone number in E.164 format (e.g. +14155550123)',
  ],
  [
    'a phone signer without phone',
    evmSmart({ adminSigner: { type: 'phone' } }),
    {},
    'invalid_signer',
    'config.adminSigner.phone: "" is not a phone number in E.164 format (e.g. +14155550123)',
  ],
  [
    'a recovery signer that is not an external wallet',
    evmSmart({ recovery: { type: 'api-key' } }),
    {},
    'invalid_wallet_request',
    'config.recovery.type: recovery signers must be external-wallet signers',
  ],
  [
    'a null recovery signer',
    evmSmart({ recovery: null as never }),
    {},
    'invalid_wallet_request',
    'config.recovery.type: recovery signers must be external-wallet signers',
  ],
  // creation seed
  [
    'a creation seed that is not an integer',
    evmSmart({ creationSeed: '1.5' }),
    {},
    'invalid_wallet_request',
    'config.creationSeed: "1.5" is not an unsigned 256-bit integer in decimal',
  ],
  [
    'a creation seed above 2^256-1',
    evmSmart({ creationSeed: (2n ** 256n).toString() }),
    {},
    'invalid_wallet_request',
    `config.creationSeed: "${(2n ** 256n).toString()}" is not an unsigned 256-bit integer in decimal`,
  ],
  [
    'a creation seed that is a number',
    evmSmart({ creationSeed: 5 as never }),
    {},
    'invalid_wallet_request',
    'config.creationSeed: must be a decimal string such as "0"',
  ],
  [
    'a creation seed on Stellar',
    {
      chainType: 'stellar',
      config: { adminSigner: { type: 'external-wallet', address: STELLAR_ADMIN }, creationSeed: '1' },
    },
    { wallet: keys.walletEd25519 },
    'invalid_wallet_request',
    'config.creationSeed: stellar wallets take no creation seed',
  ],
  // delegated signers
  [
    'delegated signers that are not an array',
    evmSmart({ delegatedSigners: {} as never }),
    {},
    'invalid_wallet_request',
    'config.delegatedSigners: must be an array',
  ],
  [
    'a delegated entry without signer',
    withDelegated({} as never),
    {},
    'invalid_delegated_signer',
    'config.delegatedSigners[0]: must be an object with a signer',
  ],
  [
    'the admin again as delegated signer',
    withDelegated({ signer: `external-wallet:${EVM_ADMIN.toLowerCase()}` }),
    {},
    'invalid_wallet_request',
    `config.delegatedSigners[0].signer: external-wallet:${EVM_ADMIN} is already a signer of this wallet`,
  ],
  [
    'an api-key locator with an address',
    withDelegated({ signer: `api-key:${EVM_ADMIN}` }),
    {},
    'invalid_signer',
    `config.delegatedSigners[0].signer: an api-key signer gets its address from the service: write "api-key" without "${EVM_ADMIN}"`,
  ],
  [
    'a passkey locator',
    withDelegated({ signer: 'passkey:cred-1' }),
    {},
    'invalid_signer',
    'config.delegatedSigners[0].signer: a passkey signer needs its public key: give { "type": "passkey", "id", "name", "publicKey": { "x", "y" } }',
  ],
  [
    'an unknown signer locator',
    withDelegated({ signer: 'wallet:0x1' }),
    {},
    'invalid_signer',
    'config.delegatedSigners[0].signer: "wallet:0x1" is not a signer locator (external-wallet:<address>, server:<address>, email:<email>, phone:<phone>, api-key or device:<publicKey>)',
  ],
  [
    'a device locator that is not a key',
    withDelegated({ signer: 'device:AAAA' }),
    {},
    'invalid_signer',
    'config.delegatedSigners[0].signer: "AAAA" is not a base64 P-256 public key',
  ],
  [
    'a device signer with an empty name',
    withDelegated({ signer: { ...DEVICE, name: '' } }),
    {},
    'invalid_signer',
    'config.delegatedSigners[0].signer.name: must be a non-empty string when given',
  ],
  [
    'an unknown delegated signer type (device is one there)',
    withDelegated({ signer: { type: 'ledger' } }),
    {},
    'invalid_signer',
    'config.delegatedSigners[0].signer.type: unknown signer type "ledger"; expected external-wallet, server, api-key, passkey, email, phone, device',
  ],
  [
    'an unknown scope type',
    withDelegated({
      signer: `external-wallet:${'0x' + '1'.repeat(40)}`,
      scopes: [{ type: 'sign', tokenLocator: 'base-sepolia:usdc' }],
    }),
    {},
    'invalid_delegated_signer',
    'config.delegatedSigners[0].scopes[0].type: unknown scope type "sign"; expected transfer',
  ],
  [
    'a scope token on another chain family',
    withDelegated({
      signer: `server:${'0x' + '1'.repeat(40)}`,
      scopes: [{ type: 'transfer', tokenLocator: 'solana:usdc' }],
    }),
    {},
    'invalid_delegated_signer',
    'config.delegatedSigners[0].scopes[0].tokenLocator: solana is not a chain of this evm wallet',
  ],
  [
    'a scope token of the other environment',
    withDelegated({
      signer: `server:${'0x' + '1'.repeat(40)}`,
      scopes: [{ type: 'transfer', tokenLocator: 'base:usdc' }],
    }),
    {},
    'invalid_token_locator',
    'config.delegatedSigners[0].scopes[0].tokenLocator: chain "base" belongs to production; staging works on test networks',
  ],
  [
    'an unknown scope currency',
    withDelegated({
      signer: `server:${'0x' + '1'.repeat(40)}`,
      scopes: [{ type: 'transfer', tokenLocator: 'base-sepolia:doge' }],
    }),
    {},
    'invalid_token_locator',
    'config.delegatedSigners[0].scopes[0].tokenLocator: unknown currency "doge" on base-sepolia',
  ],
  [
    'two scopes for one token',
    withDelegated({
      signer: `server:${'0x' + '1'.repeat(40)}`,
      scopes: [
        { type: 'transfer', tokenLocator: 'base-sepolia:usdc' },
        { type: 'transfer', tokenLocator: 'base-sepolia:usdxm' },
      ],
    }),
    {},
    'invalid_delegated_signer',
    'config.delegatedSigners[0].scopes[1].tokenLocator: base-sepolia:usdxm already has a scope',
  ],
  [
    'a negative spending limit',
    withDelegated({
      signer: `server:${'0x' + '1'.repeat(40)}`,
      scopes: [{ type: 'transfer', tokenLocator: 'base-sepolia:usdc', spendingLimit: { amount: '-5', interval: 60 } }],
    }),
    {},
    'invalid_delegated_signer',
    'config.delegatedSigners[0].scopes[0].spendingLimit.amount: "-5" is not a positive decimal amount',
  ],
  [
    'a spending limit finer than the token',
    withDelegated({
      signer: `server:${'0x' + '1'.repeat(40)}`,
      scopes: [
        { type: 'transfer', tokenLocator: 'base-sepolia:usdc', spendingLimit: { amount: '0.0000001', interval: 60 } },
      ],
    }),
    {},
    'invalid_delegated_signer',
    "config.delegatedSigners[0].scopes[0].spendingLimit.amount: 0.0000001 has more decimal places than the token's 6",
  ],
  [
    'a fractional interval',
    withDelegated({
      signer: `server:${'0x' + '1'.repeat(40)}`,
      scopes: [{ type: 'transfer', tokenLocator: 'base-sepolia:usdc', spendingLimit: { amount: '5', interval: 1.5 } }],
    }),
    {},
    'invalid_delegated_signer',
    'config.delegatedSigners[0].scopes[0].spendingLimit.interval: must be a whole number of seconds, at least 1',
  ],
  [
    'an expiry that is not ISO 8601',
    withDelegated({ signer: `server:${'0x' + '1'.repeat(40)}`, expiresAt: 'tomorrow' }),
    {},
    'invalid_delegated_signer',
    'config.delegatedSigners[0].expiresAt: "tomorrow" is not an ISO 8601 timestamp such as 2030-01-01T00:00:00Z',
  ],
  [
    'an expiry in the past',
    withDelegated({ signer: `server:${'0x' + '1'.repeat(40)}`, expiresAt: '2020-01-01T00:00:00Z' }),
    {},
    'invalid_delegated_signer',
    'config.delegatedSigners[0].expiresAt: 2020-01-01T00:00:00Z is not in the future',
  ],
  [
    'a deployImmediately that is not a boolean',
    withDelegated({ signer: `server:${'0x' + '1'.repeat(40)}`, deployImmediately: 'yes' as never }),
    {},
    'invalid_delegated_signer',
    'config.delegatedSigners[0].deployImmediately: must be a boolean',
  ],
];

describe('CreateWallet refusals name the field and what is wrong', () => {
  it.each(refusals)('refuses %s', (_case, request, custodialKeys, code, message) => {
    spec.given([]).when(createWallet(request, custodialKeys)).thenFails({ kind: 'invalid', code, message });
  });
});

describe('CreateWallet without the custodial keys it needs (a handler bug, not a client error)', () => {
  it('refuses an MPC wallet without its key', () => {
    spec
      .given([])
      .when(createWallet({ chainType: 'aptos' }))
      .thenFails({
        kind: 'unprocessable',
        code: 'custodial_key_missing',
        message: 'no custodial key was generated for wallet',
      });
  });

  it('refuses a key on the wrong curve', () => {
    spec
      .given([])
      .when(createWallet({ chainType: 'evm', type: 'mpc' }, { wallet: keys.walletEd25519 }))
      .thenFails({
        kind: 'unprocessable',
        code: 'custodial_key_mismatch',
        message: 'the key for wallet is ed25519; evm needs secp256k1',
      });
  });

  it('refuses an api-key signer without its key', () => {
    spec
      .given([])
      .when(createWallet(evmSmart({ adminSigner: { type: 'api-key' } })))
      .thenFails({ code: 'custodial_key_missing', message: 'no custodial key was generated for api-key' });
  });

  it('refuses a public key that is not on the curve', () => {
    const broken = { ...keys.walletEd25519, publicKey: 'ff'.repeat(32) };
    spec
      .given([])
      .when(createWallet({ chainType: 'sui' }, { wallet: broken }))
      .thenFails({ code: 'custodial_key_mismatch' });
  });

  it.each([
    ['not hex', 'zz'.repeat(32)],
    ['hex after a stray character', `g${'f'.repeat(63)}`],
    ['an odd number of hex digits', 'f'.repeat(63)],
  ])('refuses a public key written as %s as a mismatch, not a crash', (_case, publicKey) => {
    spec
      .given([])
      .when(createWallet({ chainType: 'sui' }, { wallet: { ...keys.walletEd25519, publicKey } }))
      .thenFails({
        kind: 'unprocessable',
        code: 'custodial_key_mismatch',
        message: 'the key for wallet is not a valid ed25519 public key',
      });
  });
});
