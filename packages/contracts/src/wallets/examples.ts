import { type ContractExample, requestExample, responseExample } from '../common/examples.js';
import { BalancesResponse, FaucetBody, FaucetResponse } from './balances.js';
import { CreateTransferBody, SubmitApprovalsBody } from './transfer-requests.js';
import { TransactionPage, TransferResource } from './transfer-resource.js';
import { CreateWalletBody } from './wallet-requests.js';
import { WalletResource } from './wallet-resource.js';

const ANA_WALLET = '0x1cb06a354d7c00CBCBE090f58cE12763CE2C8417';
const ADMIN = '0x6F0b6Fd2a9B5a1B5A0E8d8d2c1E9B6e4A4C3b2A1';
const DEPOSIT_ADDRESS = '0xea5Af521CF854DC364961883c522b02e9c08F6f8';
const USDXM_BASE_SEPOLIA = '0xDc701122B8afFF800A94b86c03D2222D10efbA90';
const TX_ID = '0x4646733c4d993cb7181784224001bb04a4b9a324d85b7893fc4d720bf49223ad';
const MEMO = 'o509c513bcf4f43ea9226a3c0c8';

const transfer: TransferResource = {
  id: 'cd31d95e-5ccb-4bf0-9b15-85514682dd8f',
  chainType: 'evm',
  walletType: 'mpc',
  status: 'success',
  createdAt: 1795638833797,
  completedAt: 1795638838000,
  params: {
    call: {
      abi: [
        {
          type: 'function',
          name: 'transfer',
          stateMutability: 'nonpayable',
          inputs: [
            { name: 'to', type: 'address' },
            { name: 'value', type: 'uint256' },
          ],
          outputs: [{ name: '', type: 'bool' }],
        },
      ],
      address: USDXM_BASE_SEPOLIA,
      args: [DEPOSIT_ADDRESS, '25000000'],
      functionName: 'transfer',
    },
    chain: 'base-sepolia',
  },
  onChain: {
    call: {
      to: USDXM_BASE_SEPOLIA,
      data: '0xa9059cbb000000000000000000000000ea5af521cf854dc364961883c522b02e9c08f6f800000000000000000000000000000000000000000000000000000000017d78406d656d6f746578743a6f3530396335313362636634663433656139323236613363306338',
    },
    explorerLink: `https://sepolia.basescan.org/tx/${TX_ID}`,
    txId: TX_ID,
  },
  sendParams: {
    token: 'base-sepolia:usdc',
    params: {
      recipient: DEPOSIT_ADDRESS,
      recipientAddress: DEPOSIT_ADDRESS,
      amount: '25',
      memo: { type: 'text', value: MEMO },
    },
  },
  approvals: { required: 0, pending: [], submitted: [] },
  fees: {
    mode: 'project',
    actual: { token: 'base-sepolia:eth', amount: '0.000065' },
    estimate: { token: 'base-sepolia:eth', amount: '0.000065' },
    billed: { usd: 0 },
  },
};

export const WALLET_EXAMPLES: readonly ContractExample[] = [
  requestExample(CreateWalletBody, 'evm-mpc', 'An MPC wallet for a user, on EVM chains', {
    chainType: 'evm',
    type: 'mpc',
    owner: 'email:ana@example.com',
  }),
  requestExample(CreateWalletBody, 'evm-smart', 'A smart wallet governed by an external wallet', {
    chainType: 'evm',
    type: 'smart',
    owner: 'email:ana@example.com',
    alias: 'savings',
    config: { adminSigner: { type: 'external-wallet', address: ADMIN } },
  }),
  requestExample(CreateWalletBody, 'solana-mpc', 'An MPC wallet on Solana', {
    chainType: 'solana',
    type: 'mpc',
    owner: 'userId:u-1042',
  }),
  responseExample(WalletResource, 'evm-mpc', 'An EVM MPC wallet', {
    chainType: 'evm',
    type: 'mpc',
    address: ANA_WALLET,
    config: {},
    owner: 'email:ana@example.com',
    createdAt: 1795638809236,
  }),
  responseExample(WalletResource, 'evm-smart', 'An EVM smart wallet and its admin signer', {
    chainType: 'evm',
    type: 'smart',
    address: '0x61de747e2F3A4b404Cda64c24D00B1E2FABA146c',
    config: {
      adminSigner: { type: 'external-wallet', address: ADMIN, locator: `external-wallet:${ADMIN}` },
      delegatedSigners: [],
    },
    owner: 'email:ana@example.com',
    alias: 'savings',
    createdAt: 1795639700112,
  }),
  requestExample(CreateTransferBody, 'deposit', 'Pay an offramp order: 25 USDC to its deposit address, with its memo', {
    recipient: DEPOSIT_ADDRESS,
    amount: '25',
    memo: { type: 'text', value: MEMO },
  }),
  requestExample(CreateTransferBody, 'to-user', "Send 10 USDC to another user's wallet", {
    recipient: 'email:bo@example.com:evm',
    amount: '10',
  }),
  responseExample(TransferResource, 'success', 'A transfer final on chain', transfer),
  responseExample(TransferResource, 'pending', 'A transfer sent, not yet final', {
    ...transfer,
    status: 'pending',
    completedAt: undefined,
    fees: { mode: 'project', estimate: { token: 'base-sepolia:eth', amount: '0.000065' }, billed: { usd: 0 } },
  }),
  responseExample(TransactionPage, 'page', "A wallet's transfers, newest first", {
    transactions: [transfer],
    nextCursor: null,
    previousCursor: null,
  }),
  requestExample(SubmitApprovalsBody, 'external-wallet', 'The admin signer approves a pending transfer', {
    approvals: [
      {
        signer: `external-wallet:${ADMIN}`,
        signature:
          '0x4a5c5d454721bbbb25540c3317521e71c373ae36458f960d2ad46ef088110e95326c65a1f21f5bcb7b4b1d3d1c5e3f27fd8d3a3f6fc0a3e0ab0b1c3d5e7f90a1b',
      },
    ],
  }),
  responseExample(BalancesResponse, 'usdc-and-gas', 'The stablecoin and the native token on base-sepolia', [
    {
      symbol: 'usdc',
      name: 'USDXM',
      decimals: 6,
      amount: '64.92',
      rawAmount: '64920000',
      chains: {
        'base-sepolia': {
          locator: 'base-sepolia:usdxm',
          amount: '64.92',
          rawAmount: '64920000',
          contractAddress: USDXM_BASE_SEPOLIA,
        },
      },
    },
    {
      symbol: 'eth',
      name: 'Ether',
      decimals: 18,
      amount: '0.009935',
      rawAmount: '9935000000000000',
      chains: { 'base-sepolia': { locator: 'base-sepolia:eth', amount: '0.009935', rawAmount: '9935000000000000' } },
    },
  ]),
  requestExample(FaucetBody, 'usdxm', '40 test stablecoins (with gas) on base-sepolia', {
    amount: 40,
    token: 'usdxm',
    chain: 'base-sepolia',
  }),
  responseExample(FaucetResponse, 'usdxm', "The wallet's stablecoin balance after funding", [
    { token: 'usdxm', decimals: 6, balances: { 'base-sepolia': '40', total: '40' } },
  ]),
];
