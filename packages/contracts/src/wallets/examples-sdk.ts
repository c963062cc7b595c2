import type { z } from 'zod';
import { type ContractExample, requestExample, responseExample } from '../common/examples.js';
import { TransferActivityPage } from './activity.js';
import { SendTransactionBody } from './send-transaction.js';
import { CreateSignatureBody, SignatureResource } from './signatures.js';
import { DelegatedSignerStatus, RegisterSignerBody, SignerTransaction } from './signers.js';

const WALLET = '0x61de747e2F3A4b404Cda64c24D00B1E2FABA146c';
const ADMIN = '0x6F0b6Fd2a9B5a1B5A0E8d8d2c1E9B6e4A4C3b2A1';
const DELEGATE = '0x8F3bC4220Bb0cEf53796eAD832e46566dDe6B957';
const USDXM = '0xDc701122B8afFF800A94b86c03D2222D10efbA90';
const TX_ID = '0x8f3bc4220bb0cef53796ead832e46566dde6b9573c51e0eeded24ae7fcba2f55';
const admin = { type: 'external-wallet', address: ADMIN, locator: `external-wallet:${ADMIN}` };
const signatureId = '3b9f2a51-7c4e-4d1a-9e0b-6f2d8c7a1e55';
const message = '0x5a1c93f3e2d8b4c6a7f0e9d1c2b3a4958677a6b5c4d3e2f1a0b9c8d7e6f5a4b3';
const awaitingApproval: z.infer<typeof SignatureResource> = {
  id: signatureId,
  type: 'message',
  chainType: 'evm',
  walletType: 'smart',
  status: 'awaiting-approval',
  params: { message: 'Sign in to Example Shop', signer: `external-wallet:${ADMIN}`, chain: 'base-sepolia' },
  approvals: { required: 1, pending: [{ signer: admin, message }], submitted: [] },
  createdAt: 1795640012345,
};

const SOLANA_ADMIN = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const SOLANA_DELEGATE = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
const solanaRegistration: z.infer<typeof SignerTransaction> = {
  id: '8a4f2c6e-1b3d-4e5f-9a7b-0c2d4e6f8a1b',
  type: 'add-signer',
  chainType: 'solana',
  walletType: 'smart',
  status: 'awaiting-approval',
  params: { chain: 'solana', delegatedSigner: `external-wallet:${SOLANA_DELEGATE}` },
  onChain: {
    transaction: '2ZNdJ3iX1tS8ybRGbqkqL6ZJnz5mG8o3Lc7hYvZq4bWfNQ8x9KpTeyUvW2sRmA5cH1dXgLjF6nV3oBr7iE4kPqMa1uZt',
  },
  approvals: {
    required: 1,
    pending: [
      {
        signer: { type: 'server', address: SOLANA_ADMIN, locator: `server:${SOLANA_ADMIN}` },
        message: '3sKdq1N7vRb2LmX8yPcT5hWjE4gZ9aFuQ6oYiB1nVe7MxD2rC8tHkS3pLw5JfG9zA',
      },
    ],
    submitted: [],
  },
  createdAt: 1795640012345,
};

/** Examples of the routes the public wallets SDK calls (signatures, signers, send-transaction, activity). */
export const WALLET_SDK_EXAMPLES: readonly ContractExample[] = [
  requestExample(SendTransactionBody, 'erc20-transfer', 'EVM: one call, an ERC-20 transfer of 1 USDXM', {
    params: {
      chain: 'base-sepolia',
      signer: `external-wallet:${ADMIN}`,
      calls: [
        {
          to: USDXM,
          data: '0xa9059cbb0000000000000000000000008f3bc4220bb0cef53796ead832e46566dde6b95700000000000000000000000000000000000000000000000000000000000f4240',
        },
      ],
    },
  }),
  requestExample(SendTransactionBody, 'native-value', 'EVM: send 0.001 ETH', {
    params: { chain: 'base-sepolia', calls: [{ to: DELEGATE, value: '1000000000000000' }] },
  }),
  requestExample(CreateSignatureBody, 'message', 'Sign a message with the wallet (the admin signer approves)', {
    type: 'message',
    params: { message: 'Sign in to Example Shop', signer: `external-wallet:${ADMIN}`, chain: 'base-sepolia' },
  }),
  requestExample(CreateSignatureBody, 'typed-data', 'Sign EIP-712 typed data', {
    type: 'typed-data',
    params: {
      chain: 'base-sepolia',
      typedData: {
        domain: { name: 'Example Shop', version: '1', chainId: 84532, verifyingContract: DELEGATE },
        types: {
          Order: [
            { name: 'orderId', type: 'string' },
            { name: 'amount', type: 'uint256' },
          ],
        },
        primaryType: 'Order',
        message: { orderId: 'DM-001001', amount: '4073' },
      },
    },
  }),
  responseExample(
    SignatureResource,
    'awaiting-approval',
    'Waiting for the admin signer to sign `message`',
    awaitingApproval,
  ),
  responseExample(SignatureResource, 'success', 'Approved: the wallet’s signature', {
    ...awaitingApproval,
    status: 'success',
    approvals: {
      required: 1,
      pending: [],
      submitted: [
        {
          signer: admin,
          message,
          signature:
            '0x4a5c5d454721bbbb25540c3317521e71c373ae36458f960d2ad46ef088110e95326c65a1f21f5bcb7b4b1d3d1c5e3f27fd8d3a3f6fc0a3e0ab0b1c3d5e7f90a1b',
          submittedAt: 1795640019876,
        },
      ],
    },
    completedAt: 1795640019900,
    outputSignature:
      '0x000000000000000000000000ca11bde05977b3631167028862be2a173976ca110000000000000000000000000000000000000000000000000000000000000060',
  }),
  requestExample(
    RegisterSignerBody,
    'spending-limit',
    'A delegated signer that may send up to 50 USDC a day for 30 days',
    {
      signer: `external-wallet:${DELEGATE}`,
      chain: 'base-sepolia',
      expiresAt: '2026-12-25T00:00:00.000Z',
      scopes: [
        { type: 'transfer', tokenLocator: 'base-sepolia:usdc', spendingLimit: { amount: '50', interval: 86400 } },
      ],
    },
  ),
  responseExample(DelegatedSignerStatus, 'awaiting-approval', 'Registered; the admin signer approves it on the chain', {
    type: 'external-wallet',
    address: DELEGATE,
    locator: `external-wallet:${DELEGATE}`,
    scopes: [{ type: 'transfer', tokenLocator: 'base-sepolia:usdc', spendingLimit: { amount: '50', interval: 86400 } }],
    expiresAt: '2026-12-25T00:00:00.000Z',
    chains: { 'base-sepolia': { status: 'awaiting-approval', id: signatureId } },
  }),
  responseExample(
    SignerTransaction,
    'remove-signer',
    'A removal awaiting the admin signer (DELETE .../signers/{signer})',
    {
      id: '5d0c7e1a-3f6b-4a9e-8c21-7b4e2f9d6a13',
      type: 'remove-signer',
      chainType: 'evm',
      walletType: 'smart',
      status: 'awaiting-approval',
      params: { chain: 'base-sepolia', delegatedSigner: `external-wallet:${DELEGATE}` },
      onChain: {},
      approvals: { required: 1, pending: [{ signer: admin, message }], submitted: [] },
      createdAt: 1795640012345,
    },
  ),
  responseExample(
    DelegatedSignerStatus,
    'solana-awaiting-approval',
    'Solana: registered; the admin signer approves the transaction through .../transactions/{id}/approvals',
    {
      type: 'external-wallet',
      address: SOLANA_DELEGATE,
      locator: `external-wallet:${SOLANA_DELEGATE}`,
      scopes: [],
      chains: { solana: { status: 'awaiting-approval', id: solanaRegistration.id } },
      transaction: solanaRegistration,
    },
  ),
  responseExample(TransferActivityPage, 'page', "The wallet's transfers in and out, newest first", {
    data: [
      {
        type: 'wallets.transfer.out',
        transferId: '197a3b8c-d72e-42f2-b835-85a8fce440c8',
        status: 'succeeded',
        sender: { address: WALLET, chain: 'base-sepolia', locator: `base-sepolia:${WALLET}` },
        recipient: { address: DELEGATE, chain: 'base-sepolia', locator: `base-sepolia:${DELEGATE}` },
        token: {
          type: 'fungible',
          chain: 'base-sepolia',
          locator: 'base-sepolia:usdxm',
          symbol: 'usdxm',
          decimals: 6,
          amount: '5',
          rawAmount: '5000000',
          contractAddress: USDXM,
        },
        completedAt: '2026-11-25T20:52:03.000Z',
        onChain: { txId: TX_ID, explorerLink: `https://sepolia.basescan.org/tx/${TX_ID}` },
      },
    ],
    nextCursor: null,
    previousCursor: null,
  }),
];
