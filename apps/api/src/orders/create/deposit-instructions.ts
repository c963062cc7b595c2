import { Inject, Injectable } from '@nestjs/common';
import { Decimal, DomainException, fieldError, toBaseUnits } from '@paykit/kernel';
import type { Order } from '@paykit/orders';
import type { ChainGateway, ChainToken, ExpectedDeposit } from '@paykit/providers';
import type { Memo } from '@paykit/transfers';
import { type ResolvedToken, resolveTokenLocator } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { CHAIN_GATEWAY } from '../../wallets/gateway/chain-gateway.token.js';
import { Treasury } from '../treasury/treasury.js';

/** Chains whose transfers can carry the memo that ties a deposit to its order. */
const MEMO_CHAIN_TYPES = new Set(['evm', 'solana', 'stellar']);

/** What an offramp payer sends: the stablecoin on its chain, to the treasury, with the order's memo. */
export interface DepositTerms {
  readonly chain: string;
  readonly token: ResolvedToken & { readonly address: string; readonly decimals: number };
  readonly address: string;
  readonly memo: string;
}

/** A memo short enough for every memo-carrying chain (Stellar text memos hold 28 bytes). */
export const depositMemoOf = (orderId: string): string => `o${orderId.replaceAll('-', '').slice(0, 26)}`;

const chainMemo = (memo: string): Memo => ({ type: 'text', value: memo });

/**
 * Offramp deposits: which token and address, the unsigned transaction for the payer's wallet
 * (built by the chain gateway), and what a deposit must match to pay the order.
 */
@Injectable()
export class DepositInstructions {
  constructor(
    private readonly treasury: Treasury,
    @Inject(CHAIN_GATEWAY) private readonly gateway: ChainGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The terms of an offramp order's deposit; a chain or currency that cannot carry one is a 400. */
  terms(chainName: string, currency: string, orderId: string): DepositTerms {
    const resolved = resolveTokenLocator(`${chainName}:${currency}`, this.config.APP_ENV, 'payment.method');
    if (E.isLeft(resolved))
      throw new DomainException(
        fieldError(
          'payment.method',
          `${chainName} is not a chain of ${this.config.APP_ENV}, or ${currency} is not on it`,
          'chain_not_supported',
        ),
      );
    const token = resolved.right;
    if (token.native || token.address === undefined || token.known === undefined) {
      throw new DomainException(
        fieldError('payment.currency', `must be a stablecoin on ${chainName}, such as usdc`, 'currency_not_supported'),
      );
    }
    if (!MEMO_CHAIN_TYPES.has(token.chain.chainType)) {
      throw new DomainException(
        fieldError(
          'payment.method',
          `deposits on ${chainName} cannot carry the memo that identifies the order`,
          'chain_not_supported',
        ),
      );
    }
    return {
      chain: token.chain.name,
      token: { ...token, address: token.address, decimals: token.known.decimals },
      address: this.treasury.addressOn(token.chain.name),
      memo: depositMemoOf(orderId),
    };
  }

  baseUnitsOf(terms: DepositTerms, amount: string): bigint {
    return toBaseUnits(new Decimal(amount), terms.token.decimals);
  }

  /** The payer's unsigned deposit transaction (what `payment.preparation.serializedTransaction` shows). */
  async serializedTransaction(terms: DepositTerms, payer: string, amount: string): Promise<string> {
    const built = await this.gateway.buildDepositTransaction({
      chain: terms.chain,
      payer,
      depositAddress: terms.address,
      token: this.chainToken(terms),
      baseUnits: this.baseUnitsOf(terms, amount).toString(),
      memo: chainMemo(terms.memo),
    });
    if (E.isLeft(built)) {
      const error = built.left;
      throw new DomainException(
        error.kind === 'invalid' ? fieldError('payment.payerAddress', error.message, error.code) : error,
      );
    }
    return built.right.serializedTransaction;
  }

  /** What a deposit must match to pay the order. */
  expected(order: Order): ExpectedDeposit {
    const terms = this.terms(order.payment.method, order.payment.currency, order.orderId);
    return {
      chain: terms.chain,
      depositAddress: order.payment.deposit?.address ?? terms.address,
      token: this.chainToken(terms),
      baseUnits: this.baseUnitsOf(terms, order.quote.totalPrice.amount).toString(),
      memo: chainMemo(order.payment.deposit?.memo ?? terms.memo),
    };
  }

  private chainToken(terms: DepositTerms): ChainToken {
    return { native: false, address: terms.token.address };
  }
}
