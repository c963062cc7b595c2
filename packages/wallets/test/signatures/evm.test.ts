import { bytesToHex } from '@noble/hashes/utils.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { recoverMessageAddress, verifyMessage, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { verifyEvmPersonalSignature } from '../../src/signatures/evm.js';
import { seedFrom } from '../support/fixtures.js';

const account = privateKeyToAccount(`0x${bytesToHex(seedFrom('evm signer'))}`);
const other = privateKeyToAccount(`0x${bytesToHex(seedFrom('someone else'))}`);
const MESSAGE = 'Approve transfer 5f1c…: 10 usdxm to 0xabc';

const flipByte = (signature: Hex, index: number): Hex => {
  const bytes = Buffer.from(signature.slice(2), 'hex');
  bytes[index] = (bytes[index] ?? 0) ^ 1;
  return `0x${bytes.toString('hex')}`;
};

describe('verifyEvmPersonalSignature (EIP-191)', () => {
  it('accepts a personal_sign signature by the address, as viem verifyMessage does', async () => {
    const signature = await account.signMessage({ message: MESSAGE });
    expect(verifyEvmPersonalSignature({ address: account.address, message: MESSAGE, signature })).toBe(true);
    expect(verifyEvmPersonalSignature({ address: account.address.toLowerCase(), message: MESSAGE, signature })).toBe(
      true,
    );
    await expect(verifyMessage({ address: account.address, message: MESSAGE, signature })).resolves.toBe(true);
  });

  it('accepts raw-byte messages and v written as 0/1', async () => {
    const raw = Uint8Array.of(1, 2, 3, 4);
    const signature = await account.signMessage({ message: { raw } });
    expect(verifyEvmPersonalSignature({ address: account.address, message: { raw }, signature })).toBe(true);
    const v = parseInt(signature.slice(130), 16);
    const withParity = `${signature.slice(0, 130)}${(v - 27).toString(16).padStart(2, '0')}`;
    expect(verifyEvmPersonalSignature({ address: account.address, message: { raw }, signature: withParity })).toBe(
      true,
    );
  });

  it('refuses a tampered message, a tampered signature and another signer', async () => {
    const signature = await account.signMessage({ message: MESSAGE });
    expect(verifyEvmPersonalSignature({ address: account.address, message: `${MESSAGE}0`, signature })).toBe(false);
    expect(
      verifyEvmPersonalSignature({ address: account.address, message: MESSAGE, signature: flipByte(signature, 5) }),
    ).toBe(false);
    expect(verifyEvmPersonalSignature({ address: other.address, message: MESSAGE, signature })).toBe(false);
    await expect(verifyMessage({ address: account.address, message: `${MESSAGE}0`, signature })).resolves.toBe(false);
  });

  it('refuses the malleated high-s twin of a valid signature and malformed input', async () => {
    const signature = await account.signMessage({ message: MESSAGE });
    const parsed = secp256k1.Signature.fromBytes(Buffer.from(signature.slice(2, 130), 'hex'), 'compact');
    const n = secp256k1.Point.CURVE().n;
    const highS = new secp256k1.Signature(parsed.r, n - parsed.s).toHex('compact');
    const v = parseInt(signature.slice(130), 16);
    const twin = `0x${highS}${(v === 27 ? 28 : 27).toString(16)}`;
    expect(verifyEvmPersonalSignature({ address: account.address, message: MESSAGE, signature: twin })).toBe(false);
    expect(verifyEvmPersonalSignature({ address: account.address, message: MESSAGE, signature: '0x1234' })).toBe(false);
    expect(verifyEvmPersonalSignature({ address: 'not an address', message: MESSAGE, signature })).toBe(false);
    expect(
      verifyEvmPersonalSignature({
        address: account.address,
        message: MESSAGE,
        signature: `${signature.slice(0, 130)}1d`,
      }),
    ).toBe(false);
  });

  it('accepts either recovery parity, v written as 27/28 or as 0/1', async () => {
    // Signatures are deterministic (RFC 6979): the first few messages give both parities.
    const byV = new Map<number, { message: string; signature: Hex }>();
    for (let i = 0; byV.size < 2; i++) {
      const message = `${MESSAGE} #${i}`;
      const signature = await account.signMessage({ message });
      byV.set(parseInt(signature.slice(130), 16), { message, signature });
    }
    for (const [v, { message, signature }] of byV) {
      await expect(recoverMessageAddress({ message, signature })).resolves.toBe(account.address);
      expect(verifyEvmPersonalSignature({ address: account.address, message, signature })).toBe(true);
      const parity = `${signature.slice(0, 130)}0${v - 27}`;
      expect(verifyEvmPersonalSignature({ address: account.address, message, signature: parity })).toBe(true);
    }
  });

  it('takes exactly 65 bytes: a valid signature with a byte appended is refused', async () => {
    const signature = await account.signMessage({ message: MESSAGE });
    expect(
      verifyEvmPersonalSignature({ address: account.address, message: MESSAGE, signature: `${signature}00` }),
    ).toBe(false);
  });

  it('refuses, without throwing, 65 bytes that are not hex or are no signature at all', () => {
    for (const signature of [`0x${'zz'.repeat(65)}`, `0x${'00'.repeat(64)}1b`, `0x${'ff'.repeat(64)}1c`]) {
      expect(verifyEvmPersonalSignature({ address: account.address, message: MESSAGE, signature })).toBe(false);
    }
  });
});
