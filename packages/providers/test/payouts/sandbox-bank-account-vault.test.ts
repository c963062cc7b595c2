import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FileBlobStore,
  MemoryBlobStore,
  SandboxBankAccountVault,
  SandboxFaults,
  type BankAccountDetails,
} from '../../src/index.js';
import { ids, KEY, leftOf, OTHER_KEY, rightOf } from '../support.js';

const ACCOUNT: BankAccountDetails = {
  accountNumber: '000123456789',
  routingNumber: '110000000',
  holderName: 'Ana Silva',
};

describe('SandboxBankAccountVault', () => {
  it('answers a token and the last four digits only', async () => {
    const vault = new SandboxBankAccountVault({ ids: ids('bank'), encryptionKey: KEY });
    const token = rightOf(await vault.tokenizeBankAccount(ACCOUNT));
    expect(token).toEqual({
      token: expect.stringMatching(/^ba_[0-9a-f-]{36}$/),
      accountSuffix: '6789',
      routingNumber: '110000000',
      accountType: 'checking',
      currency: 'usd',
      country: 'US',
    });
    expect(JSON.stringify(token)).not.toContain('123456789');
    expect(rightOf(await vault.describeBankAccount(token.token))).toEqual(token);
  });

  it('keeps the account sealed in its store: the number is not in the stored bytes', async () => {
    const store = new MemoryBlobStore();
    const vault = new SandboxBankAccountVault({ ids: ids('bank'), encryptionKey: KEY, store });
    const { token } = rightOf(await vault.tokenizeBankAccount(ACCOUNT));
    const stored = Buffer.from(store.raw(`bank-accounts/${token}`) ?? []);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.includes(Buffer.from('000123456789'))).toBe(false);
    expect(stored.includes(Buffer.from('Ana Silva'))).toBe(false);
    const stranger = new SandboxBankAccountVault({ ids: ids('x'), encryptionKey: OTHER_KEY, store });
    expect(leftOf(await stranger.describeBankAccount(token)).kind).toBe('upstream_invalid');
  });

  it('outlives the process in a file store given to it', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'paykit-vault-'));
    try {
      const open = () =>
        new SandboxBankAccountVault({
          ids: ids('file'),
          encryptionKey: KEY,
          store: new FileBlobStore({ directory, encryptionKey: KEY }),
        });
      const { token } = rightOf(await open().tokenizeBankAccount(ACCOUNT));
      expect(rightOf(await open().describeBankAccount(token)).accountSuffix).toBe('6789');
      const [file] = await readdir(directory);
      expect((await readFile(join(directory, file ?? ''))).includes(Buffer.from('000123456789'))).toBe(false);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('forgets a deleted account', async () => {
    const vault = new SandboxBankAccountVault({ ids: ids('bank'), encryptionKey: KEY });
    const { token } = rightOf(await vault.tokenizeBankAccount(ACCOUNT));
    expect(rightOf(await vault.deleteBankAccount(token))).toBe(true);
    expect(leftOf(await vault.describeBankAccount(token))).toMatchObject({
      kind: 'not_found',
      code: 'bank_account_not_found',
    });
    expect(rightOf(await vault.deleteBankAccount(token))).toBe(false);
    expect(rightOf(await vault.deleteBankAccount('not a token'))).toBe(false);
    expect(leftOf(await vault.describeBankAccount('ba_../../etc')).code).toBe('bank_account_not_found');
  });

  it.each([
    [{ accountNumber: '123' }, 'invalid_account_number'],
    [{ accountNumber: '12345678901234567890' }, 'invalid_account_number'],
    [{ accountNumber: '1234-5678' }, 'invalid_account_number'],
    [{ routingNumber: '110000001' }, 'invalid_routing_number'],
    [{ routingNumber: '11000000' }, 'invalid_routing_number'],
    [{ currency: 'jpy' }, 'currency_not_supported'],
    [{ country: 'DE' }, 'country_not_supported'],
  ] as ReadonlyArray<readonly [Partial<BankAccountDetails>, string]>)(
    'refuses %p with %s, without repeating the number',
    async (overrides, code) => {
      const vault = new SandboxBankAccountVault({ ids: ids('bank'), encryptionKey: KEY });
      const error = leftOf(await vault.tokenizeBankAccount({ ...ACCOUNT, ...overrides }));
      expect(error.code).toBe(code);
      expect(JSON.stringify(error)).not.toContain(overrides.accountNumber ?? ACCOUNT.accountNumber);
    },
  );

  it('accepts any valid routing number and keeps the account type', async () => {
    const vault = new SandboxBankAccountVault({ ids: ids('bank'), encryptionKey: KEY });
    const token = rightOf(
      await vault.tokenizeBankAccount({ ...ACCOUNT, routingNumber: '021000021', accountType: 'savings' }),
    );
    expect([token.routingNumber, token.accountType]).toEqual(['021000021', 'savings']);
  });

  it('answers outages of the vault and of its store', async () => {
    const faults = new SandboxFaults([{ operation: 'payouts.tokenizeBankAccount', kind: 'timeout', times: 1 }]);
    const storeFaults = new SandboxFaults([{ operation: 'blobs.put', kind: 'unavailable', times: 1 }]);
    const vault = new SandboxBankAccountVault({
      ids: ids('bank'),
      encryptionKey: KEY,
      faults,
      store: new MemoryBlobStore(storeFaults),
    });
    expect(leftOf(await vault.tokenizeBankAccount(ACCOUNT)).code).toBe('provider_timeout');
    expect(leftOf(await vault.tokenizeBankAccount(ACCOUNT)).kind).toBe('unavailable');
    expect(rightOf(await vault.tokenizeBankAccount(ACCOUNT)).accountSuffix).toBe('6789');
  });
});
