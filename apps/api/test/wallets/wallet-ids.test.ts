import { createHash } from 'node:crypto';
import { walletIdOfAddress, walletIdOfIdentity, walletIdOfKey } from '../../src/wallets/directory/wallet-ids.js';

/** The v1 formula of ADR 0420, written out: existing wallets are found at these ids. */
const v1IdentityId = (projectId: string, identityKey: string): string => {
  const bytes = createHash('sha256')
    .update(`paykit:wallet-id:v1\n${projectId}\n${identityKey}`)
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x80;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

describe('wallet ids', () => {
  it('keeps the ids of wallets named by an identity (owner, chain type, wallet type, alias)', () => {
    for (const identity of ['email:a@example.com/evm/smart/', '/solana/mpc/savings']) {
      expect(walletIdOfIdentity('project-1', identity)).toBe(v1IdentityId('project-1', identity));
    }
  });

  it('names distinct wallets apart: per project, per key, per address, and never like an identity', () => {
    const ids = [
      walletIdOfIdentity('p1', 'k'),
      walletIdOfKey('p1', 'k'),
      walletIdOfKey('p2', 'k'),
      walletIdOfKey('p1', 'k2'),
      walletIdOfAddress('p1', 'evm', '0x0000000000000000000000000000000000000001'),
      walletIdOfAddress('p1', 'solana', '0x0000000000000000000000000000000000000001'),
      walletIdOfAddress('p2', 'evm', '0x0000000000000000000000000000000000000001'),
    ];
    expect(new Set(ids).size).toBe(ids.length);
    expect(walletIdOfKey('p1', 'k')).toBe(walletIdOfKey('p1', 'k'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
