import { p256 } from '@noble/curves/nist.js';
import {
  deviceLocatorId,
  devicePublicKeyOfLocatorId,
  normalizeSignerLocator,
  splitSignerLocator,
} from '../../src/locators/signer-locator.js';

describe('signer locators', () => {
  it('split into type and id, bare api-key included', () => {
    expect(splitSignerLocator('external-wallet:0xabc')).toEqual({ type: 'external-wallet', id: '0xabc' });
    expect(splitSignerLocator('api-key')).toEqual({ type: 'api-key', id: '' });
    expect(splitSignerLocator('email:a@b.co')).toEqual({ type: 'email', id: 'a@b.co' });
    expect(splitSignerLocator('wallet:0xabc')).toBeNull();
  });

  it('normalise to one spelling per signer', () => {
    expect(normalizeSignerLocator('evm', 'external-wallet:0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(
      'external-wallet:0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    expect(normalizeSignerLocator('aptos', `server:0x${'AB'.repeat(32)}`)).toBe(`server:0x${'ab'.repeat(32)}`);
    expect(normalizeSignerLocator('evm', 'email:Bob@Example.com')).toBe('email:bob@example.com');
    expect(normalizeSignerLocator('evm', 'phone:+14155550123')).toBe('phone:+14155550123');
    expect(normalizeSignerLocator('evm', 'api-key')).toBe('api-key');
  });

  it('carry a device key in base64 and give it back', () => {
    const point = p256.Point.fromBytes(p256.getPublicKey(new Uint8Array(32).fill(7), false));
    const id = deviceLocatorId({ x: point.x, y: point.y });
    expect(Buffer.from(id, 'base64')).toHaveLength(65);
    expect(devicePublicKeyOfLocatorId(id)).toEqual({ x: point.x.toString(), y: point.y.toString() });
    expect(devicePublicKeyOfLocatorId('not base64!')).toBeNull();
    expect(devicePublicKeyOfLocatorId(Buffer.alloc(65, 1).toString('base64'))).toBeNull();
  });

  it('carry a device key in standard base64 only: Buffer would read a stray character, whitespace or base64url as the key, the locator does not', () => {
    const point = p256.Point.fromBytes(p256.getPublicKey(new Uint8Array(32).fill(7), false));
    const id = deviceLocatorId({ x: point.x, y: point.y });
    expect(id).toMatch(/[+/]/);
    for (const near of [
      `${id}!`,
      `${id}\n`,
      `${id.slice(0, 10)} ${id.slice(10)}`,
      id.replace(/\+/g, '-').replace(/\//g, '_'),
    ]) {
      expect(devicePublicKeyOfLocatorId(near)).toBeNull();
    }
  });
});
