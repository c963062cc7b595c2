import { setTimeout as sleep } from 'node:timers/promises';

export const WALLETS = '/2025-06-09/wallets';
const ADMIN = '0x5B38Da6a701c568545dCfcB03FcB875f56beddC4';

let owners = 0;
/** An EVM smart wallet for a new owner: each one creates a wallet (201), none is answered from an existing one. */
export const freshWalletBody = (): string =>
  JSON.stringify({
    chainType: 'evm',
    owner: `userId:bench-${process.pid}-${++owners}`,
    config: { adminSigner: { type: 'external-wallet', address: ADMIN } },
  });

interface Answer {
  readonly address: string;
  readonly id: string;
  readonly status: string;
}

const call = async (
  url: string,
  key: string,
  expected: number,
  init: { method?: string; body?: string } = {},
): Promise<Answer> => {
  const response = await fetch(url, {
    ...init,
    headers: { 'x-api-key': key, ...(init.body !== undefined && { 'content-type': 'application/json' }) },
  });
  const body = (await response.json()) as Answer;
  if (response.status !== expected)
    throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
};

export const postJson = (url: string, key: string, body: string, expected: number): Promise<Answer> =>
  call(url, key, expected, { method: 'POST', body });

/** The path of a transfer that reached `success` on the sandbox chain, from a wallet funded by the faucet. */
export const finishedTransferPath = async (baseUrl: string, key: string): Promise<string> => {
  const wallet = await postJson(
    `${baseUrl}${WALLETS}`,
    key,
    JSON.stringify({ chainType: 'evm', type: 'mpc', alias: 'bench-sender' }),
    201,
  );
  await postJson(
    `${baseUrl}/v1-alpha2/wallets/${wallet.address}/balances`,
    key,
    JSON.stringify({ amount: 10, token: 'usdc', chain: 'base-sepolia' }),
    201,
  );
  const transfers = `${WALLETS}/${wallet.address}/tokens/base-sepolia:usdc/transfers`;
  const transfer = await postJson(
    `${baseUrl}${transfers}`,
    key,
    JSON.stringify({ recipient: ADMIN, amount: '1' }),
    201,
  );
  const path = `${transfers}/${transfer.id}`;
  for (let attempt = 0; attempt < 200; attempt++) {
    if ((await call(`${baseUrl}${path}`, key, 200)).status === 'success') return path;
    await sleep(100);
  }
  throw new Error('the benchmark transfer did not reach success');
};
