import { decodeErrorResult, type Hex } from 'viem';
import { sandboxRevertingRecipientOf, type TransactionStatus } from '../../src/index.js';
import { rightOf } from '../support.js';
import { NATIVE, balanceOf, mpcWallet, sandbox, transferFrom, usdxmOn } from './support.js';

const ERROR_STRING = [{ type: 'error', name: 'Error', inputs: [{ name: 'message', type: 'string' }] }] as const;

const finalStatus = async (
  setup: ReturnType<typeof sandbox>,
  chain: string,
  txId: string,
): Promise<TransactionStatus> => {
  setup.clock.advance(3_000);
  return rightOf(await setup.gateway.getTransactionStatus(chain, txId));
};

const submit = async (
  setup: ReturnType<typeof sandbox>,
  request: Parameters<typeof setup.gateway.submitTransfer>[0],
) => {
  const result = rightOf(await setup.gateway.submitTransfer(request));
  if (result.outcome !== 'submitted') throw new Error('the sandbox accepts every well-formed transfer');
  return result.txId;
};

describe('sandbox ledger: deterministic failures', () => {
  it('keeps the reverting recipients the README documents', () => {
    expect(sandboxRevertingRecipientOf('evm')).toBe('0x18813b151885Bdf8E7b687B3c386847c73989B5c');
    expect(sandboxRevertingRecipientOf('solana')).toBe('DWXz9e19b7QimTi5RXnAyfwmWMb2ZiGZ9BAhCtfE35WT');
    expect(sandboxRevertingRecipientOf('aptos')).toBe(
      '0xf787953bafa755171b2a6db4e899f9c0443e56827f70362f962d7f2bfb8ce353',
    );
    expect(sandboxRevertingRecipientOf('sui')).toBe(
      '0x5ec22ae76d3488ced15cbb1ca9dd7efa6f72a5c621040b42dd95061ce6619e6a',
    );
    expect(sandboxRevertingRecipientOf('stellar')).toBe('GC452HZOIL7W7B3EOEEOSGEBHMKRRBN57DT3NB5TYODII7DTTCNVYBX2');
  });

  const chain = 'polygon-amoy';
  const usdxm = usdxmOn(chain);
  const sender = mpcWallet('evm', 'failing sender');
  const recipient = mpcWallet('evm', 'failing recipient');

  it('fails a transfer of more tokens than the sender holds with insufficient_funds, charging its gas', async () => {
    const setup = sandbox();
    rightOf(await setup.gateway.fund({ chain, address: sender.address, token: 'usdxm', amount: '1' }));
    const txId = await submit(setup, transferFrom(sender, chain, usdxm, recipient.address, '1000001'));
    const status = await finalStatus(setup, chain, txId);
    expect(status).toMatchObject({
      status: 'failed',
      error: {
        reason: 'insufficient_funds',
        message: expect.stringContaining('balance 1000000 base units, 1000001 needed'),
      },
      fee: { token: 'polygon-amoy:pol', amount: '0.000065' },
    });
    expect(await balanceOf(setup.gateway, chain, sender.address, usdxm)).toBe('1000000');
    expect(await balanceOf(setup.gateway, chain, sender.address, NATIVE)).toBe(
      (10n ** 16n - 65_000n * 10n ** 9n).toString(),
    );
  });

  it('fails a self-paying transfer without gas with insufficient_funds, charging nothing', async () => {
    const setup = sandbox();
    const txId = await submit(setup, transferFrom(sender, chain, usdxm, recipient.address, '1'));
    expect(await finalStatus(setup, chain, txId)).toMatchObject({
      status: 'failed',
      error: { reason: 'insufficient_funds', message: expect.stringContaining('pol balance 0') },
      fee: { amount: '0' },
    });
  });

  it('fails a native transfer that leaves nothing for its fee', async () => {
    const setup = sandbox();
    rightOf(await setup.gateway.fund({ chain, address: sender.address, token: 'native', amount: '0.01' }));
    const txId = await submit(setup, transferFrom(sender, chain, NATIVE, recipient.address, (10n ** 16n).toString()));
    expect(await finalStatus(setup, chain, txId)).toMatchObject({
      status: 'failed',
      error: { reason: 'insufficient_funds' },
    });
    expect(await balanceOf(setup.gateway, chain, recipient.address, NATIVE)).toBe('0');
  });

  it('reverts a transfer to the reverting recipient with Error(string) revert data', async () => {
    const setup = sandbox();
    rightOf(await setup.gateway.fund({ chain, address: sender.address, token: 'usdxm', amount: '5' }));
    const reverting = sandboxRevertingRecipientOf('evm');
    const txId = await submit(setup, transferFrom(sender, chain, usdxm, reverting, '1000000'));
    const status = await finalStatus(setup, chain, txId);
    if (status.status !== 'failed') throw new Error(`expected failed, got ${status.status}`);
    expect(status.error).toMatchObject({
      reason: 'reverted',
      message: 'execution reverted: PaykitSandbox: recipient rejects transfers',
    });
    const decoded = decodeErrorResult({ abi: ERROR_STRING, data: status.error.revertData as Hex });
    expect(decoded.args).toEqual(['PaykitSandbox: recipient rejects transfers']);
    expect(await balanceOf(setup.gateway, chain, reverting, usdxm)).toBe('0');
    expect(await balanceOf(setup.gateway, chain, sender.address, usdxm)).toBe('5000000');
  });

  it('fails a transfer to the reverting recipient on the other families with a program error and logs', async () => {
    for (const [family, label] of [
      ['solana', 'solana'],
      ['stellar', 'stellar'],
      ['sui', 'sui'],
      ['aptos', 'aptos'],
    ] as const) {
      const setup = sandbox();
      const wallet = mpcWallet(family, `${label} sender`);
      rightOf(await setup.gateway.fund({ chain: label, address: wallet.address, token: 'usdxm', amount: '2' }));
      const txId = await submit(
        setup,
        transferFrom(wallet, label, usdxmOn(label), sandboxRevertingRecipientOf(family), '1'),
      );
      const status = await finalStatus(setup, label, txId);
      expect(status).toMatchObject({
        status: 'failed',
        error: {
          reason: 'program_error',
          logs: expect.arrayContaining([expect.stringContaining('recipient rejects transfers')]),
          revertData: '0x01',
        },
      });
    }
  });
});
