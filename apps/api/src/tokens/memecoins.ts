import type { Environment } from '@paykit/wallets';

/**
 * Memecoins the catalogue lists, by environment, as `chain:address` token locators (main
 * networks only: they have no test-network deployments). The sandbox price table does not
 * price them, so they are listed as not available until a pricing source does.
 */
export const MEMECOINS: Readonly<Record<Environment, readonly string[]>> = {
  production: [
    'solana:DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', // BONK
    'solana:EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm', // WIF
    'ethereum:0x6982508145454ce325ddbe47a25d4ec3d2311933', // PEPE
    'base:0x4ed4e862860bed51a9570b96d89af5e1b0efefed', // DEGEN
  ],
  staging: [],
};
