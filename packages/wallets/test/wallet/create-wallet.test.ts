import { Ed25519PublicKey as AptosEd25519PublicKey, AccountAddress } from '@aptos-labs/ts-sdk';
import { Ed25519PublicKey as SuiEd25519PublicKey } from '@mysten/sui/keypairs/ed25519';
import { isValidSuiAddress } from '@mysten/sui/utils';
import {
  getAddressEncoder,
  getBase58Decoder,
  getProgramDerivedAddress,
  isAddress as isSolanaAddress,
  type Address as SolanaAddress,
} from '@solana/kit';
import { StrKey } from '@stellar/stellar-sdk';
import { hexToBytes } from '@noble/hashes/utils.js';
import { encodeAbiParameters, getContractAddress, isAddress, keccak256 } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';
import { DeciderSpecification } from '@paykit/kernel/testing';
import { SMART_ACCOUNT_FACTORY, SMART_ACCOUNT_INIT_CODE_HASH, p256SignerAddress } from '../../src/addresses/evm.js';
import { SOLANA_SMART_ACCOUNT_PROGRAM } from '../../src/addresses/solana.js';
import { walletDecider } from '../../src/wallet/decider.js';
import type { WalletEvent } from '../../src/wallet/events.js';
import type { Wallet } from '../../src/wallet/types.js';
import { NOW } from '../support/fixtures.js';
import {
  EVM_ADMIN,
  EVM_OTHER,
  P256_KEY,
  SOLANA_ADMIN,
  STAGING_EVM_CHAINS,
  STELLAR_ADMIN,
  PROJECT_ID,
  WALLET_ID,
  createWallet,
  keys,
} from './fixtures.js';

const spec = DeciderSpecification.for(walletDecider);
const publicKeyBytes = (hex: string) => hexToBytes(hex);

const created = (wallet: Omit<Wallet, 'walletId' | 'environment' | 'createdAt'>): WalletEvent => ({
  type: 'WalletCreated',
  data: { walletId: WALLET_ID, environment: 'staging', createdAt: NOW, ...wallet } as Wallet,
});

/** The account index, written out from its definition: the wallet's identity in abi.encode. */
const accountIndex = (identity: { owner?: string; alias?: string; seed: bigint; projectId?: string }): bigint =>
  BigInt(
    keccak256(
      encodeAbiParameters(
        [{ type: 'string' }, { type: 'string' }, { type: 'string' }, { type: 'string' }, { type: 'uint256' }],
        [
          'paykit:smart-account-index:v2',
          identity.projectId ?? PROJECT_ID,
          identity.owner ?? '',
          identity.alias ?? '',
          identity.seed,
        ],
      ),
    ),
  );

/** Each chain's own library computes the expected address. */
const evmSmartAddress = (admin: `0x${string}`, index: bigint) =>
  getContractAddress({
    opcode: 'CREATE2',
    from: SMART_ACCOUNT_FACTORY,
    salt: keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [admin, index])),
    bytecodeHash: SMART_ACCOUNT_INIT_CODE_HASH,
  });
const uint256BigEndian = (value: bigint) => hexToBytes(value.toString(16).padStart(64, '0'));
const evmKeyAddress = (hex: string) => publicKeyToAddress(`0x${hex}`);
const aptosAddress = (hex: string) =>
  new AptosEd25519PublicKey(publicKeyBytes(hex)).authKey().derivedAddress().toString();
const suiAddress = (hex: string) => new SuiEd25519PublicKey(publicKeyBytes(hex)).toSuiAddress();
const stellarAddress = (hex: string) => StrKey.encodeEd25519PublicKey(Buffer.from(publicKeyBytes(hex)));
const solanaKeyAddress = (hex: string) => getBase58Decoder().decode(publicKeyBytes(hex));

let solanaSmartAddress: string;
beforeAll(async () => {
  const [pda] = await getProgramDerivedAddress({
    programAddress: SOLANA_SMART_ACCOUNT_PROGRAM,
    seeds: [
      'smart_account',
      new Uint8Array(getAddressEncoder().encode(SOLANA_ADMIN as SolanaAddress)),
      uint256BigEndian(accountIndex({ seed: 0n })),
    ],
  });
  solanaSmartAddress = pda;
});

describe('CreateWallet: the seven kinds', () => {
  it('EVM smart: counterfactual address of the admin signer and seed, with owner, alias and a scoped passkey', () => {
    spec
      .given([])
      .when(
        createWallet({
          chainType: 'evm',
          type: 'smart',
          owner: 'email:Alice@Example.com',
          alias: 'main',
          config: {
            adminSigner: { type: 'external-wallet', address: EVM_ADMIN.toLowerCase() },
            creationSeed: '1',
            delegatedSigners: [
              {
                signer: { type: 'passkey', id: 'cred-1', name: 'Laptop', publicKey: P256_KEY },
                scopes: [
                  {
                    type: 'transfer',
                    tokenLocator: 'base-sepolia:usdc',
                    spendingLimit: { amount: '100.50', interval: 86400 },
                  },
                ],
                expiresAt: '2027-01-01T00:00:00Z',
                deployImmediately: false,
              },
            ],
          },
        }),
      )
      .then([
        created({
          chainType: 'evm',
          walletType: 'smart',
          address: evmSmartAddress(
            EVM_ADMIN,
            accountIndex({ owner: 'email:alice@example.com', alias: 'main', seed: 1n }),
          ),
          owner: 'email:alice@example.com',
          alias: 'main',
          adminSigner: { type: 'external-wallet', address: EVM_ADMIN, locator: `external-wallet:${EVM_ADMIN}` },
          delegatedSigners: [
            {
              signer: {
                type: 'passkey',
                id: 'cred-1',
                name: 'Laptop',
                publicKey: P256_KEY,
                address: p256SignerAddress({ x: BigInt(P256_KEY.x), y: BigInt(P256_KEY.y) }),
                locator: 'passkey:cred-1',
              },
              scopes: [
                {
                  type: 'transfer',
                  tokenLocator: 'base-sepolia:usdc',
                  spendingLimit: { amount: '100.5', interval: 86400 },
                },
              ],
              chains: STAGING_EVM_CHAINS,
              expiresAt: '2027-01-01T00:00:00.000Z',
            },
          ],
          creationSeed: '1',
          accountIndex: accountIndex({ owner: 'email:alice@example.com', alias: 'main', seed: 1n }).toString(),
          custodialKeys: {},
        }),
      ]);
  });

  it('EVM MPC: the address of the generated secp256k1 key, held encrypted', () => {
    spec
      .given([])
      .when(createWallet({ chainType: 'evm', type: 'mpc', owner: 'userId:user-1' }, { wallet: keys.walletEvm }))
      .then([
        created({
          chainType: 'evm',
          walletType: 'mpc',
          address: evmKeyAddress(keys.walletEvm.publicKey),
          owner: 'userId:user-1',
          delegatedSigners: [],
          custodialKeys: { wallet: keys.walletEvm },
        }),
      ]);
  });

  it('Solana smart: the program-derived address of the admin signer (type defaults to smart)', () => {
    const [event] = spec
      .given([])
      .when(
        createWallet({
          chainType: 'solana',
          config: { adminSigner: { type: 'external-wallet', address: SOLANA_ADMIN } },
        }),
      )
      .events();
    expect(event).toEqual(
      created({
        chainType: 'solana',
        walletType: 'smart',
        address: solanaSmartAddress,
        adminSigner: { type: 'external-wallet', address: SOLANA_ADMIN, locator: `external-wallet:${SOLANA_ADMIN}` },
        delegatedSigners: [],
        creationSeed: '0',
        accountIndex: accountIndex({ seed: 0n }).toString(),
        custodialKeys: {},
      }),
    );
    expect(isSolanaAddress(solanaSmartAddress)).toBe(true);
  });

  it('Solana MPC: the base58 Ed25519 key', () => {
    const [event] = spec
      .given([])
      .when(createWallet({ chainType: 'solana', type: 'mpc' }, { wallet: keys.walletEd25519 }))
      .events();
    expect(event?.type === 'WalletCreated' && event.data.address).toBe(solanaKeyAddress(keys.walletEd25519.publicKey));
    expect(event?.type === 'WalletCreated' && isSolanaAddress(event.data.address)).toBe(true);
  });

  it('Aptos (MPC by default): the Ed25519 account address', () => {
    spec
      .given([])
      .when(createWallet({ chainType: 'aptos' }, { wallet: keys.walletEd25519 }))
      .then([
        created({
          chainType: 'aptos',
          walletType: 'mpc',
          address: aptosAddress(keys.walletEd25519.publicKey),
          delegatedSigners: [],
          custodialKeys: { wallet: keys.walletEd25519 },
        }),
      ]);
    expect(AccountAddress.isValid({ input: aptosAddress(keys.walletEd25519.publicKey), strict: true }).valid).toBe(
      true,
    );
  });

  it('Sui: the blake2b address of the Ed25519 key', () => {
    spec
      .given([])
      .when(createWallet({ chainType: 'sui', type: 'mpc', alias: 'sui-main' }, { wallet: keys.walletEd25519 }))
      .then([
        created({
          chainType: 'sui',
          walletType: 'mpc',
          address: suiAddress(keys.walletEd25519.publicKey),
          alias: 'sui-main',
          delegatedSigners: [],
          custodialKeys: { wallet: keys.walletEd25519 },
        }),
      ]);
    expect(isValidSuiAddress(suiAddress(keys.walletEd25519.publicKey))).toBe(true);
  });

  it('Stellar smart: a G... account of the held key, governed by its admin signer, with a phone signer', () => {
    spec
      .given([])
      .when(
        createWallet(
          {
            chainType: 'stellar',
            type: 'smart',
            config: {
              adminSigner: { type: 'external-wallet', address: STELLAR_ADMIN },
              delegatedSigners: [{ signer: 'phone:+14155550123' }],
            },
          },
          { wallet: keys.walletEd25519, 'phone:+14155550123': keys.phoneStellar },
        ),
      )
      .then([
        created({
          chainType: 'stellar',
          walletType: 'smart',
          address: stellarAddress(keys.walletEd25519.publicKey),
          adminSigner: { type: 'external-wallet', address: STELLAR_ADMIN, locator: `external-wallet:${STELLAR_ADMIN}` },
          delegatedSigners: [
            {
              signer: {
                type: 'phone',
                phone: '+14155550123',
                address: stellarAddress(keys.phoneStellar.publicKey),
                locator: 'phone:+14155550123',
              },
              scopes: [],
              chains: { stellar: { status: 'success' } },
            },
          ],
          custodialKeys: { wallet: keys.walletEd25519, 'phone:+14155550123': keys.phoneStellar },
        }),
      ]);
    expect(StrKey.isValidEd25519PublicKey(stellarAddress(keys.walletEd25519.publicKey))).toBe(true);
  });
});

describe('CreateWallet: signer kinds', () => {
  it('an api-key admin signer gets the address of a key the service holds, and the wallet address follows it', () => {
    const [event] = spec
      .given([])
      .when(
        createWallet({ chainType: 'evm', config: { adminSigner: { type: 'api-key' } } }, { 'api-key': keys.apiKeyEvm }),
      )
      .events();
    const signerAddress = evmKeyAddress(keys.apiKeyEvm.publicKey);
    expect(event?.data).toMatchObject({
      address: evmSmartAddress(signerAddress, accountIndex({ seed: 0n })),
      adminSigner: { type: 'api-key', address: signerAddress, locator: `api-key:${signerAddress}` },
      custodialKeys: { [`api-key:${signerAddress}`]: keys.apiKeyEvm },
    });
  });

  it('an email admin signer on Solana is a held Ed25519 key; server and device signers are kept as given', () => {
    const [event] = spec
      .given([])
      .when(
        createWallet(
          {
            chainType: 'evm',
            config: {
              adminSigner: { type: 'server', address: EVM_OTHER.toLowerCase() },
              delegatedSigners: [
                { signer: { type: 'device', publicKey: P256_KEY, name: 'iPhone' } },
                { signer: `external-wallet:${EVM_ADMIN.toLowerCase()}` },
                { signer: 'email:Bob@Example.com' },
              ],
            },
          },
          { 'email:bob@example.com': keys.apiKeyEvm },
        ),
      )
      .events();
    const wallet = event?.data as Wallet;
    expect(wallet.adminSigner).toEqual({ type: 'server', address: EVM_OTHER, locator: `server:${EVM_OTHER}` });
    expect(wallet.delegatedSigners.map((d) => d.signer)).toEqual([
      {
        type: 'device',
        publicKey: P256_KEY,
        name: 'iPhone',
        address: p256SignerAddress({ x: BigInt(P256_KEY.x), y: BigInt(P256_KEY.y) }),
        locator: `device:${Buffer.from(hexToBytes(`04${BigInt(P256_KEY.x).toString(16).padStart(64, '0')}${BigInt(P256_KEY.y).toString(16).padStart(64, '0')}`)).toString('base64')}`,
      },
      { type: 'external-wallet', address: EVM_ADMIN, locator: `external-wallet:${EVM_ADMIN}` },
      {
        type: 'email',
        email: 'bob@example.com',
        address: evmKeyAddress(keys.apiKeyEvm.publicKey),
        locator: 'email:bob@example.com',
      },
    ]);
    expect(isAddress(wallet.address, { strict: true })).toBe(true);

    const [solana] = spec
      .given([])
      .when(
        createWallet(
          { chainType: 'solana', config: { adminSigner: { type: 'email', email: 'carol@example.com' } } },
          { 'email:carol@example.com': keys.emailSolana },
        ),
      )
      .events();
    expect((solana?.data as Wallet).adminSigner).toEqual({
      type: 'email',
      email: 'carol@example.com',
      address: solanaKeyAddress(keys.emailSolana.publicKey),
      locator: 'email:carol@example.com',
    });
  });

  it('a device signer can be added by its locator alone', () => {
    const [first] = spec
      .given([])
      .when(
        createWallet({
          chainType: 'evm',
          config: {
            adminSigner: { type: 'external-wallet', address: EVM_ADMIN },
            delegatedSigners: [{ signer: { type: 'device', publicKey: P256_KEY } }],
          },
        }),
      )
      .events();
    const unnamed = (first?.data as Wallet).delegatedSigners[0]?.signer;
    expect(Object.keys(unnamed ?? {})).not.toContain('name');
    const locator = unnamed?.locator ?? '';
    const [second] = spec
      .given([])
      .when(
        createWallet({
          chainType: 'evm',
          config: {
            adminSigner: { type: 'external-wallet', address: EVM_ADMIN },
            delegatedSigners: [{ signer: locator }],
          },
        }),
      )
      .events();
    expect((second?.data as Wallet).delegatedSigners[0]?.signer).toEqual(
      (first?.data as Wallet).delegatedSigners[0]?.signer,
    );
  });
});

describe('CreateWallet: recovery signer and creation seed', () => {
  const evmWallet = (config: object): Wallet => {
    const [event] = spec
      .given([])
      .when(
        createWallet({
          chainType: 'evm',
          config: { adminSigner: { type: 'external-wallet', address: EVM_ADMIN }, ...config },
        }),
      )
      .events();
    return event?.data as Wallet;
  };

  it('keeps an external-wallet recovery signer, its address in checksum form', () => {
    expect(evmWallet({ recovery: { type: 'external-wallet', address: EVM_OTHER.toLowerCase() } }).recovery).toEqual({
      type: 'external-wallet',
      address: EVM_OTHER,
      locator: `external-wallet:${EVM_OTHER}`,
    });
  });

  it.each(['10', (2n ** 256n - 1n).toString()])(
    'takes any unsigned 256-bit creation seed, up to 2^256-1: %s',
    (seed) => {
      const wallet = evmWallet({ creationSeed: seed });
      expect(wallet.creationSeed).toBe(seed);
      expect(wallet.accountIndex).toBe(accountIndex({ seed: BigInt(seed) }).toString());
      expect(wallet.address).toBe(evmSmartAddress(EVM_ADMIN, accountIndex({ seed: BigInt(seed) })));
    },
  );
});

describe('CreateWallet: repeats', () => {
  const command = createWallet({ chainType: 'evm', type: 'mpc' }, { wallet: keys.walletEvm });

  it('does nothing when the wallet already exists', () => {
    const events = spec.given([]).when(command).events();
    spec.given(events).when(command).thenNothingHappened();
  });

  it('refuses another wallet id on the same stream', () => {
    const events = spec.given([]).when(command).events();
    spec
      .given(events)
      .when({ ...command, data: { ...command.data, walletId: 'wallet-2' } } as typeof command)
      .thenFails({
        kind: 'conflict',
        code: 'wallet_already_exists',
        message: `this stream already holds wallet ${WALLET_ID}`,
      });
  });
});
