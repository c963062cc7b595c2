import {
  type Address,
  type Hex,
  encodeAbiParameters,
  encodePacked,
  hashMessage,
  keccak256,
  parseAbiParameters,
  toHex,
} from 'viem';
import { delegatedSignerDigest, smartAccountMessageHash } from '../../src/signatures/smart-account-message.js';

const WALLET: Address = '0x1111111111111111111111111111111111111111';
const OTHER_WALLET: Address = '0x2222222222222222222222222222222222222222';
const DIGEST = hashMessage('treasury statement');

/**
 * `replaySafeHash` of apps/api/test/sdk/fixtures/PaykitSmartAccount.sol (ADR 0444), spelled with
 * viem's ABI encoders line for line: the value the account's isValidSignature checks against.
 */
const replaySafeHash = (account: Address, chainId: number, hash: Hex): Hex => {
  const domain = keccak256(
    encodeAbiParameters(parseAbiParameters('bytes32, bytes32, bytes32, uint256, address'), [
      keccak256(toHex('EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)')),
      keccak256(toHex('PaykitSmartAccount')),
      keccak256(toHex('1')),
      BigInt(chainId),
      account,
    ]),
  );
  const message = keccak256(
    encodeAbiParameters(parseAbiParameters('bytes32, bytes32'), [
      keccak256(toHex('PaykitSmartAccountMessage(bytes32 hash)')),
      hash,
    ]),
  );
  return keccak256(encodePacked(['bytes2', 'bytes32', 'bytes32'], ['0x1901', domain, message]));
};

describe('smartAccountMessageHash (ADR 0444)', () => {
  it("is the replay-safe hash the smart account's isValidSignature checks", () => {
    expect(smartAccountMessageHash(WALLET, 84532, DIGEST)).toBe(replaySafeHash(WALLET, 84532, DIGEST));
    expect(smartAccountMessageHash(OTHER_WALLET, 8453, DIGEST)).toBe(replaySafeHash(OTHER_WALLET, 8453, DIGEST));
  });

  it("is one wallet's on one chain: an approval cannot be replayed for another wallet or chain", () => {
    const approved = smartAccountMessageHash(WALLET, 84532, DIGEST);
    expect(smartAccountMessageHash(OTHER_WALLET, 84532, DIGEST)).not.toBe(approved);
    expect(smartAccountMessageHash(WALLET, 8453, DIGEST)).not.toBe(approved);
    expect(smartAccountMessageHash(WALLET, 84532, hashMessage('another statement'))).not.toBe(approved);
  });
});

describe('delegatedSignerDigest (ADR 0445)', () => {
  const LOCATOR = 'external-wallet:0x3333333333333333333333333333333333333333';
  const SCOPES = [{ type: 'transfer', token: 'base-sepolia:usdc', limit: '10' }];

  /** abi.encode(string tag, address wallet, string locator, uint256 generation, bytes32 keccak256(grant as JSON)). */
  const expected = (wallet: Address, locator: string, grantJson: string, generation = 0n): Hex =>
    keccak256(
      encodeAbiParameters(parseAbiParameters('string, address, string, uint256, bytes32'), [
        'paykit:add-delegated-signer:v2',
        wallet,
        locator,
        generation,
        keccak256(toHex(grantJson)),
      ]),
    );

  it('encodes the wallet, the locator and the grant as canonical JSON, an absent expiry as null', () => {
    expect(delegatedSignerDigest(WALLET, LOCATOR, { scopes: SCOPES }, 0)).toBe(
      expected(WALLET, LOCATOR, `{"scopes":${JSON.stringify(SCOPES)},"expiresAt":null}`),
    );
    expect(delegatedSignerDigest(WALLET, LOCATOR, { scopes: [], expiresAt: '2027-01-01T00:00:00.000Z' }, 2)).toBe(
      expected(WALLET, LOCATOR, '{"scopes":[],"expiresAt":"2027-01-01T00:00:00.000Z"}', 2n),
    );
  });

  it('binds every part: another wallet, signer, scope, expiry or generation is another digest', () => {
    const grant = { scopes: SCOPES, expiresAt: '2027-01-01T00:00:00.000Z' };
    const approved = delegatedSignerDigest(WALLET, LOCATOR, grant, 0);
    expect(delegatedSignerDigest(OTHER_WALLET, LOCATOR, grant, 0)).not.toBe(approved);
    expect(delegatedSignerDigest(WALLET, 'email:someone@example.com', grant, 0)).not.toBe(approved);
    expect(delegatedSignerDigest(WALLET, LOCATOR, { ...grant, scopes: [] }, 0)).not.toBe(approved);
    expect(delegatedSignerDigest(WALLET, LOCATOR, { ...grant, expiresAt: '2028-01-01T00:00:00.000Z' }, 0)).not.toBe(
      approved,
    );
    expect(delegatedSignerDigest(WALLET, LOCATOR, { scopes: SCOPES }, 0)).not.toBe(approved);
    // Removed once and registered again: the first registration's approval does not approve it.
    expect(delegatedSignerDigest(WALLET, LOCATOR, grant, 1)).not.toBe(approved);
  });
});
