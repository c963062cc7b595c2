import { type ContractExample, responseExample } from '../common/examples.js';
import { SupportedTokenPage } from './list-tokens.js';

export const TOKEN_EXAMPLES: readonly ContractExample[] = [
  responseExample(SupportedTokenPage, 'first-page', 'The first page of tokens that can be bought', {
    data: [
      { token: 'base-sepolia:eth', available: true, features: { creditCardPayment: true } },
      { token: 'base-sepolia:usdxm', available: true, features: { creditCardPayment: true } },
      { token: 'solana:sol', available: true, features: { creditCardPayment: true } },
    ],
    nextCursor: 'eyJkaXJlY3Rpb24iOiJhZnRlciIsImtleSI6InNvbGFuYTpzb2wifQ.b30lrgtTzWetgKdOD0JHXGuPN8xglA-INRnCyZzDkRc',
    previousCursor: null,
  }),
];
