import { Inject } from '@nestjs/common';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { BalancesQuery, TokenBalance } from '@paykit/contracts';
import { Decimal, DomainException, formatDecimal, fromBaseUnits, invalid } from '@paykit/kernel';
import type { ChainGateway } from '@paykit/providers';
import { type ChainInfo, type ResolvedToken, type Wallet, resolveTokenLocator, tokensOf } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { z } from 'zod';
import type { Principal } from '../../auth/principal.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { CHAIN_GATEWAY } from '../gateway/chain-gateway.token.js';
import { chainsOfWallet, walletChain } from './wallet-chains.js';

interface ChainAmount {
  readonly chain: ChainInfo;
  readonly token: ResolvedToken;
  readonly baseUnits: bigint;
  readonly decimals: number;
}

/** `GET /2025-06-09/wallets/{walletLocator}/balances` in COMPAT's shape: per token, its total and its amount on each chain. */
export class GetBalances extends Query<TokenBalance[]> {
  constructor(
    readonly principal: Principal,
    readonly walletLocator: string,
    readonly query: z.output<typeof BalancesQuery>,
  ) {
    super();
  }
}

@QueryHandler(GetBalances)
export class GetBalancesHandler implements IQueryHandler<GetBalances> {
  constructor(
    private readonly resolver: WalletResolver,
    @Inject(CHAIN_GATEWAY) private readonly gateway: ChainGateway,
  ) {}

  async execute({ principal, walletLocator, query }: GetBalances): Promise<TokenBalance[]> {
    const { wallet } = await this.resolver.resolve(principal, walletLocator);
    const { tokens, chains: chainNames } = query;
    const chains =
      chainNames && chainNames.length > 0
        ? chainNames.map((name) => walletChain(wallet, name, 'chains'))
        : chainsOfWallet(wallet);
    const wanted = tokens && tokens.length > 0 ? tokens : defaultTokens(chains);
    return Promise.all(wanted.map((token) => this.balanceOf(wallet, token, chains)));
  }

  private async balanceOf(wallet: Wallet, token: string, chains: readonly ChainInfo[]): Promise<TokenBalance> {
    const found = chains.flatMap((chain) => {
      const resolved = resolveTokenLocator(`${chain.name}:${token}`, wallet.environment);
      return E.isRight(resolved) && resolved.right.tokenId === undefined ? [resolved.right] : [];
    });
    const resolved = found.length > 0 ? found : nativeStandIns(wallet, token, chains);
    if (resolved.length === 0) {
      throw new DomainException(
        invalid('invalid_token', `tokens: "${token}" is no token on ${chains.map((chain) => chain.name).join(', ')}`),
      );
    }
    const amounts = await Promise.all(resolved.map((found) => this.amountOn(wallet, found)));
    const decimals = amounts[0]?.decimals ?? 0;
    const total = amounts.reduce(
      (sum, amount) => sum.add(fromBaseUnits(amount.baseUnits, amount.decimals)),
      new Decimal(0),
    );
    const first = resolved[0];
    return {
      symbol: token.toLowerCase(),
      name: first?.known?.name ?? (first?.native ? first.chain.nativeCurrency.name : token),
      decimals,
      amount: formatDecimal(total),
      rawAmount: total.mul(new Decimal(10).pow(decimals)).toFixed(0),
      chains: Object.fromEntries(
        amounts.map((amount) => [
          amount.chain.name,
          {
            locator: amount.token.locator,
            amount: formatDecimal(fromBaseUnits(amount.baseUnits, amount.decimals)),
            rawAmount: amount.baseUnits.toString(),
            ...(amount.token.address !== undefined && { contractAddress: amount.token.address }),
          },
        ]),
      ),
    };
  }

  private async amountOn(wallet: Wallet, token: ResolvedToken): Promise<ChainAmount> {
    const balance = await this.gateway.getBalance({
      chain: token.chain.name,
      address: wallet.address,
      token: token.native ? { native: true } : { native: false, address: token.address as string },
    });
    if (E.isLeft(balance)) throw new DomainException(balance.left);
    return { chain: token.chain, token, baseUnits: BigInt(balance.right.baseUnits), decimals: balance.right.decimals };
  }
}

/**
 * The public SDK asks every EVM wallet for `eth` as its native token, whatever the chain (ADR
 * 0443): on EVM chains none of which has ETH (polygon-amoy), `eth` stands for each chain's own
 * native currency, reported under the name asked for. Never mixed with real ETH in one total:
 * when any chain asked for has ETH, only those chains count.
 */
const nativeStandIns = (wallet: Wallet, token: string, chains: readonly ChainInfo[]): ResolvedToken[] => {
  if (wallet.chainType !== 'evm' || token.toLowerCase() !== 'eth') return [];
  return chains.flatMap((chain) => {
    const native = resolveTokenLocator(`${chain.name}:${chain.nativeCurrency.symbol}`, wallet.environment);
    return E.isRight(native) && native.right.native ? [native.right] : [];
  });
};

/** Without `tokens`: every token the service knows on the chains asked for (gas tokens, the stablecoin). */
const defaultTokens = (chains: readonly ChainInfo[]): string[] => [
  ...new Set(chains.flatMap((chain) => tokensOf(chain).map((token) => token.symbol))),
];
