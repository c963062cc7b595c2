import { leftOf, rightOf } from '../support.js';
import { NATIVE, balanceOf, mpcWallet, sandbox, usdxmOn } from './support.js';

const wallet = mpcWallet('evm', 'faucet user');

describe('sandbox faucet', () => {
  it('mints 1 to 100 usdxm (usdc is its staging name) with gas, and answers with the new balance', async () => {
    const { gateway } = sandbox();
    const result = rightOf(
      await gateway.fund({ chain: 'base-sepolia', address: wallet.address, token: 'usdc', amount: '100' }),
    );
    expect(result.balance).toEqual({
      chain: 'base-sepolia',
      address: wallet.address,
      token: usdxmOn('base-sepolia'),
      baseUnits: '100000000',
      decimals: 6,
      amount: '100',
    });
    expect(result.txIds).toHaveLength(2);
    const again = rightOf(
      await gateway.fund({ chain: 'base-sepolia', address: wallet.address, token: 'usdxm', amount: '1.5' }),
    );
    expect(again.balance.amount).toBe('101.5');
    expect(again.txIds).toHaveLength(1);
    expect(await balanceOf(gateway, 'base-sepolia', wallet.address, NATIVE)).toBe((10n ** 16n).toString());
    expect(rightOf(await gateway.getTransactionStatus('base-sepolia', again.txIds[0] as string))).toMatchObject({
      status: 'pending',
      confirmations: 1,
    });
  });

  it('funds per chain: another chain holds nothing', async () => {
    const { gateway } = sandbox();
    rightOf(await gateway.fund({ chain: 'base-sepolia', address: wallet.address, token: 'usdxm', amount: '10' }));
    expect(await balanceOf(gateway, 'polygon-amoy', wallet.address, usdxmOn('polygon-amoy'))).toBe('0');
  });

  it.each([['0'], ['0.5'], ['100.000001'], ['101'], ['1.0000001'], ['-1'], ['ten']])(
    'refuses %s usdxm',
    async (amount) => {
      const { gateway } = sandbox();
      expect(
        leftOf(await gateway.fund({ chain: 'base-sepolia', address: wallet.address, token: 'usdxm', amount })),
      ).toMatchObject({
        kind: 'invalid',
        code: 'invalid_amount',
        message: expect.stringContaining('1 to 100'),
      });
    },
  );

  it('gives native gas alone up to ten drips, and no other token', async () => {
    const { gateway } = sandbox();
    const solana = mpcWallet('solana', 'faucet solana');
    expect(
      rightOf(await gateway.fund({ chain: 'solana', address: solana.address, token: 'sol', amount: '0.5' })).balance
        .amount,
    ).toBe('0.5');
    expect(
      leftOf(await gateway.fund({ chain: 'solana', address: solana.address, token: 'native', amount: '0.6' })),
    ).toMatchObject({ code: 'invalid_amount' });
    expect(
      leftOf(await gateway.fund({ chain: 'solana', address: solana.address, token: 'eurc', amount: '1' })),
    ).toMatchObject({
      code: 'token_not_supported',
    });
    expect(
      leftOf(await gateway.fund({ chain: 'solana', address: wallet.address, token: 'usdxm', amount: '1' })),
    ).toMatchObject({ code: 'invalid_address' });
  });

  it('is never available in production', async () => {
    const { gateway } = sandbox({ environment: 'production' });
    expect(
      leftOf(await gateway.fund({ chain: 'base', address: wallet.address, token: 'usdc', amount: '1' })),
    ).toMatchObject({
      kind: 'forbidden',
      code: 'faucet_not_available',
    });
  });
});
