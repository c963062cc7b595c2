import { type ContractExample, requestExample, responseExample } from '../common/examples.js';
import { IdentityVerificationResponse } from './identity-verification.js';
import { LinkWalletBody, LinkedWalletResponse } from './linked-wallet.js';
import { PutUserBody, UserResponse } from './user.js';

const EXTERNAL = '0x6F0b6Fd2a9B5a1B5A0E8d8d2c1E9B6e4A4C3b2A1';
const address = { line1: '1 Main St', city: 'Springfield', state: 'IL', postalCode: '62701', country: 'US' };
const challenge = {
  domain: 'localhost',
  address: EXTERNAL,
  statement: 'Link this wallet to your account. Signing proves you own it; it sends no transaction and costs no fees.',
  uri: 'https://localhost',
  chainId: 'eip155:84532',
  nonce: '6af1cd9fae078756fe90c6eb8fd9763a',
  issuedAt: '2026-11-25T20:48:30.277Z',
  expiresAt: '2026-11-25T20:58:30.277Z',
  message: [
    'localhost wants you to sign in with your Ethereum account:',
    EXTERNAL,
    '',
    'Link this wallet to your account. Signing proves you own it; it sends no transaction and costs no fees.',
    '',
    'URI: https://localhost',
    'Version: 1',
    'Chain ID: 84532',
    'Nonce: 6af1cd9fae078756fe90c6eb8fd9763a',
    'Issued At: 2026-11-25T20:48:30.277Z',
    'Expiration Time: 2026-11-25T20:58:30.277Z',
  ].join('\n'),
};

export const USER_EXAMPLES: readonly ContractExample[] = [
  requestExample(PutUserBody, 'details-and-kyc', 'Name, date of birth and the KYC contact data', {
    userDetails: { firstName: 'Ana', lastName: 'Lima', dateOfBirth: '1990-04-12', countryOfResidence: 'US' },
    kycData: { email: 'ana@example.com', phoneNumber: '+14155550123', address },
  }),
  requestExample(PutUserBody, 'address-only', 'Replace the address; the rest is kept', { kycData: { address } }),
  responseExample(UserResponse, 'ana', 'A user with details and KYC data', {
    userLocator: 'email:ana@example.com',
    userDetails: { firstName: 'Ana', lastName: 'Lima', dateOfBirth: '1990-04-12', countryOfResidence: 'US' },
    kycData: { email: 'ana@example.com', phoneNumber: '+14155550123', address },
    createdAt: '2026-11-25T20:48:30.243Z',
    updatedAt: '2026-11-25T20:48:30.243Z',
  }),
  responseExample(IdentityVerificationResponse, 'requires-data', 'What is still missing for each direction', {
    eligibility: [
      {
        type: 'onramp',
        status: 'requires-data',
        missingData: ['dateOfBirth'],
        missingDocuments: ['id-passport', 'selfie-front'],
      },
      {
        type: 'offramp',
        status: 'requires-data',
        missingData: ['dateOfBirth', 'phoneNumber'],
        missingDocuments: ['id-passport', 'selfie-front', 'proof-of-address'],
      },
    ],
  }),
  responseExample(IdentityVerificationResponse, 'verified', 'Both directions verified', {
    eligibility: [
      { type: 'onramp', status: 'verified' },
      { type: 'offramp', status: 'verified' },
    ],
  }),
  requestExample(LinkWalletBody, 'start', 'Ask for the ownership challenge of an external EVM wallet', {
    chainType: 'evm',
  }),
  requestExample(LinkWalletBody, 'prove', "Send the wallet's signature of the challenge message", {
    chainType: 'evm',
    proof:
      '0x2d6a7b0f5c1e4b8f9a3c6d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d4e3f2a1b1c',
  }),
  responseExample(LinkedWalletResponse, 'challenge', 'Not yet verified: sign ownership.verificationChallenge.message', {
    address: EXTERNAL,
    chainType: 'evm',
    type: 'external-wallet',
    ownership: { verified: false, verificationChallenge: challenge },
  }),
  responseExample(LinkedWalletResponse, 'verified', 'Verified: the wallet may receive onramp deliveries', {
    address: EXTERNAL,
    chainType: 'evm',
    type: 'external-wallet',
    ownership: { verified: true },
  }),
];
