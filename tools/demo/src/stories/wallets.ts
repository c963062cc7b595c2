import { expectOk } from '@paykit/client';
import { waitFor } from '../wait.js';
import type { StoryContext, Transfer, Wallet } from './context.js';

export const CHAIN = 'base-sepolia';
/** The staging stablecoin; `usdc` names it in staging. */
export const STABLECOIN = 'usdc';

/** A service (MPC) EVM wallet owned by a user. */
export const createWallet = async (context: StoryContext, email: string): Promise<Wallet> => {
  const wallet = await expectOk(
    context.client.POST('/2025-06-09/wallets', { body: { chainType: 'evm', type: 'mpc', owner: `email:${email}` } }),
  );
  context.report.step(`wallet ${wallet.address} (evm, mpc) for email:${email}`);
  return wallet;
};

/** The staging faucet: `amount` test stablecoins (usdxm) and some gas. */
export const fundWallet = async (context: StoryContext, wallet: Wallet, amount: number): Promise<void> => {
  const [balance] = await expectOk(
    context.client.POST('/v1-alpha2/wallets/{walletLocator}/balances', {
      params: { path: { walletLocator: wallet.address } },
      body: { amount, token: 'usdxm', chain: CHAIN },
    }),
  );
  context.report.step(`faucet: +${amount} usdxm on ${CHAIN}, balance ${balance?.balances[CHAIN] ?? '?'}`);
};

export const stablecoinBalance = async (context: StoryContext, wallet: Wallet): Promise<string> => {
  const balances = await expectOk(
    context.client.GET('/2025-06-09/wallets/{walletLocator}/balances', {
      params: { path: { walletLocator: wallet.address }, query: { tokens: STABLECOIN, chains: CHAIN } },
    }),
  );
  return balances.find((balance) => balance.symbol === STABLECOIN)?.amount ?? '0';
};

/** Sends a transfer and follows it to a final status, as a client polls it. */
export const transfer = async (
  context: StoryContext,
  from: Wallet,
  recipient: string,
  amount: string,
  memo?: string,
): Promise<Transfer> => {
  const sent = await expectOk(
    context.client.POST('/2025-06-09/wallets/{walletLocator}/tokens/{tokenLocator}/transfers', {
      params: { path: { walletLocator: from.address, tokenLocator: `${CHAIN}:${STABLECOIN}` } },
      body: { recipient, amount, ...(memo === undefined ? {} : { memo: { type: 'text', value: memo } }) },
    }),
  );
  context.report.step(`transfer ${sent.id}: ${amount} ${STABLECOIN} to ${recipient}, ${sent.status}`);
  const final = await waitFor(
    `transfer ${sent.id} to be final`,
    () =>
      expectOk(
        context.client.GET('/2025-06-09/wallets/{walletLocator}/transactions/{transactionId}', {
          params: { path: { walletLocator: from.address, transactionId: sent.id } },
        }),
      ),
    (current) => current.status === 'success' || current.status === 'failed',
    { timeoutMs: context.waitMs },
  );
  context.report.step(`transfer ${final.status}: txId ${final.onChain.txId ?? '-'}`);
  if (final.status !== 'success')
    throw new Error(`transfer ${sent.id} ended ${final.status}: ${final.error?.message ?? ''}`);
  return final;
};
