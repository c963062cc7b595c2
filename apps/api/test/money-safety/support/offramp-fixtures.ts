import { bankAccountMethod } from '../../support/bank-account.js';
import type { Api, Answer } from './kill-harness.js';
import { pollUntil } from './kill-harness.js';

export const ORDERS = '/2022-06-09/orders';
export const WALLETS = '/2025-06-09/wallets';
export const CHAIN = 'base-sepolia';

/** A seller: a saved US bank account and a service wallet of theirs holding the stablecoin. */
export interface Seller {
  readonly userLocator: string;
  readonly paymentMethodId: string;
  readonly wallet: string;
}

export const sellerOf = async (api: Api, userLocator: string, usdc = 100): Promise<Seller> => {
  const method = await api.call(
    'POST',
    '/unstable/payment-methods',
    bankAccountMethod(userLocator, undefined, 'Bo Seller'),
  );
  if (method.status !== 201) throw new Error(`payment method: ${method.status} ${method.text}`);
  const wallet = (await api.call('POST', WALLETS, { chainType: 'evm', type: 'mpc', owner: userLocator })).body
    .address as string;
  const funded = await api.call('POST', `/v1-alpha2/wallets/${wallet}/balances`, {
    amount: usdc,
    token: 'usdxm',
    chain: CHAIN,
  });
  if (funded.status !== 201) throw new Error(`faucet: ${funded.status} ${funded.text}`);
  return { userLocator, paymentMethodId: method.body.paymentMethodId, wallet };
};

export const offrampBody = (seller: Seller, amount: string) => ({
  recipient: { paymentMethodId: seller.paymentMethodId },
  payment: { method: CHAIN, currency: 'usdc', payerAddress: seller.wallet },
  lineItems: { currencyLocator: 'fiat:usd', executionParameters: { mode: 'exact-in', amount } },
});

/** The seller's wallet sends the order's deposit (address, amount, memo); resolves with its final txId. */
export const depositFor = async (api: Api, seller: Seller, order: Answer['body']): Promise<string> => {
  const { depositAddress, transactionParameters } = order.payment.preparation;
  const sent = await api.call('POST', `${WALLETS}/${seller.wallet}/tokens/${CHAIN}:usdc/transfers`, {
    recipient: depositAddress,
    amount: transactionParameters.amount,
    memo: { type: 'text', value: transactionParameters.memo },
  });
  if (sent.status !== 201) throw new Error(`deposit: ${sent.status} ${sent.text}`);
  const settled = await pollUntil(
    () => api.call('GET', `${WALLETS}/${seller.wallet}/transactions/${sent.body.id}`),
    (answer) => answer.body.status === 'success',
  );
  return settled.body.onChain.txId as string;
};
