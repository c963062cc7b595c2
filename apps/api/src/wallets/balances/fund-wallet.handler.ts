import { Inject } from '@nestjs/common';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { FaucetBody } from '@paykit/contracts';
import { Decimal, DomainException, domainError, formatDecimal, fromBaseUnits, invalid } from '@paykit/kernel';
import type { ChainGateway } from '@paykit/providers';
import { STAGING_STABLECOIN, type Wallet, findTokenByCurrency } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { Principal } from '../../auth/principal.js';
import { WalletResolver } from '../directory/wallet-resolver.js';
import { CHAIN_GATEWAY } from '../gateway/chain-gateway.token.js';
import { chainsOfWallet, walletChain } from './wallet-chains.js';

export interface FaucetBalance {
  readonly token: string;
  readonly decimals: number;
  readonly balances: Readonly<Record<string, string>>;
}

/**
 * `POST /v1-alpha2/wallets/{walletLocator}/balances`, the staging faucet (COMPAT.md): test
 * stablecoin, or the chain's own currency for gas. Never in production.
 */
export class FundWallet extends Command<FaucetBalance[]> {
  constructor(
    readonly principal: Principal,
    readonly walletLocator: string,
    readonly body: FaucetBody,
  ) {
    super();
  }
}

@CommandHandler(FundWallet)
export class FundWalletHandler implements ICommandHandler<FundWallet> {
  constructor(
    private readonly resolver: WalletResolver,
    @Inject(CHAIN_GATEWAY) private readonly gateway: ChainGateway,
  ) {}

  async execute({ principal, walletLocator, body }: FundWallet): Promise<FaucetBalance[]> {
    const { wallet } = await this.resolver.resolve(principal, walletLocator);
    if (wallet.environment !== 'staging') {
      throw new DomainException(
        domainError('forbidden', 'faucet_not_available', 'The faucet only funds staging wallets'),
      );
    }
    const chain = body.chain === undefined ? chainsOfWallet(wallet)[0] : walletChain(wallet, body.chain, 'chain');
    if (!chain) throw new Error(`no ${wallet.chainType} chain in ${wallet.environment}`);
    const requested = body.token.toLowerCase();
    const stablecoin = findTokenByCurrency(chain, requested)?.symbol === STAGING_STABLECOIN;
    const native = requested === 'native' || requested === chain.nativeCurrency.symbol;
    if (!stablecoin && !native) {
      throw new DomainException(
        invalid(
          'invalid_token',
          `token: the faucet gives ${STAGING_STABLECOIN} (also as usdc) or ${chain.nativeCurrency.symbol} on ${chain.name}`,
        ),
      );
    }
    const amount = new Decimal(body.amount);
    const funded = await this.gateway.fund({
      chain: chain.name,
      address: wallet.address,
      token: stablecoin ? STAGING_STABLECOIN : 'native',
      amount: formatDecimal(amount),
    });
    if (E.isLeft(funded)) throw new DomainException(funded.left);
    const { balance } = funded.right;
    const total = stablecoin
      ? await this.stablecoinTotal(wallet, chain.name, new Decimal(balance.amount))
      : balance.amount;
    return [
      {
        token: stablecoin ? STAGING_STABLECOIN : chain.nativeCurrency.symbol,
        decimals: balance.decimals,
        balances: { [chain.name]: balance.amount, total },
      },
    ];
  }

  /** The stablecoin over all the wallet's chains (a chain the gateway cannot read counts as 0). */
  private async stablecoinTotal(wallet: Wallet, funded: string, fundedAmount: Decimal): Promise<string> {
    const others = chainsOfWallet(wallet).filter((chain) => chain.name !== funded);
    const amounts = await Promise.all(
      others.map(async (chain) => {
        const token = findTokenByCurrency(chain, STAGING_STABLECOIN);
        if (!token?.address) return new Decimal(0);
        const balance = await this.gateway.getBalance({
          chain: chain.name,
          address: wallet.address,
          token: { native: false, address: token.address },
        });
        return E.isRight(balance)
          ? fromBaseUnits(BigInt(balance.right.baseUnits), balance.right.decimals)
          : new Decimal(0);
      }),
    );
    return formatDecimal(amounts.reduce((sum, amount) => sum.add(amount), fundedAmount));
  }
}
