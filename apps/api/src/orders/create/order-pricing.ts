import { Inject, Injectable } from '@nestjs/common';
import { type Clock, type DomainError, DomainException, fieldError } from '@paykit/kernel';
import { type ExecutionParameters, type LineItemMetadata, type Quote, quoteOrder } from '@paykit/orders';
import type { PricingPort } from '@paykit/providers';
import { type ResolvedToken, resolveTokenLocator } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG, CLOCK } from '../../infrastructure/tokens.js';
import { PRICING } from '../../tokens/pricing.provider.js';
import { OrderSettings } from '../providers/order-settings.js';

/** The pricing source's refusals, renamed after the request field they are about. */
const PRICING_FIELDS: Readonly<Record<string, string>> = {
  token_not_supported: 'lineItems[0].tokenLocator',
  currency_not_supported: 'payment.currency',
  amount_too_small: 'lineItems[0].executionParameters.amount',
  invalid_amount: 'lineItems[0].executionParameters.amount',
};

const named = (error: DomainError): DomainException => {
  const field = error.kind === 'invalid' ? PRICING_FIELDS[error.code] : undefined;
  return new DomainException(field === undefined ? error : fieldError(field, error.message, error.code));
};

/** Quotes an order's one line item from the pricing port, and resolves what it buys. */
@Injectable()
export class OrderPricing {
  constructor(
    @Inject(PRICING) private readonly pricing: PricingPort,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly settings: OrderSettings,
  ) {}

  /** The token an onramp line item buys, checked against the chains of the environment. */
  token(tokenLocator: string): ResolvedToken {
    const resolved = resolveTokenLocator(tokenLocator, this.config.APP_ENV, 'lineItems[0].tokenLocator');
    if (E.isLeft(resolved))
      throw new DomainException(
        fieldError(
          'lineItems[0].tokenLocator',
          resolved.left.message.replace(/^lineItems\[0\]\.tokenLocator: /, ''),
          resolved.left.code,
        ),
      );
    return resolved.right;
  }

  async quote(itemLocator: string, currency: string, execution: ExecutionParameters): Promise<Quote> {
    const price = await this.pricing.priceOf({ itemLocator, currency });
    if (E.isLeft(price)) throw named(price.left);
    const quote = quoteOrder({
      price: price.right,
      execution,
      quotedAt: this.clock.now().toISOString(),
      ttlSeconds: this.settings.quoteTtlSeconds,
    });
    if (E.isLeft(quote)) throw named(quote.left);
    return quote.right;
  }

  /** The unit price of an item now, for a delivery (the slippage rule compares it with the quote's). */
  async unitPriceNow(itemLocator: string, currency: string): Promise<E.Either<DomainError, string>> {
    return E.map((entry: { unitPrice: string }) => entry.unitPrice)(
      await this.pricing.priceOf({ itemLocator, currency }),
    );
  }
}

/** What the resource shows of a line item's token or currency. */
export const tokenMetadata = (token: ResolvedToken): LineItemMetadata => {
  const symbol = token.known?.symbol ?? token.locator;
  return {
    name: token.known?.name ?? symbol,
    description: `${token.known?.name ?? symbol} on ${token.chain.name}`,
    imageUrl: `https://static.paykit.dev/tokens/${encodeURIComponent(symbol)}.png`,
  };
};

export const currencyMetadata = (currencyLocator: string): LineItemMetadata => {
  const currency = currencyLocator.slice('fiat:'.length).toUpperCase();
  return {
    name: currency,
    description: `${currency} paid out to a bank account`,
    imageUrl: `https://static.paykit.dev/currencies/${currency.toLowerCase()}.png`,
  };
};
