import { Inject, Injectable } from '@nestjs/common';
import type { Money } from '@paykit/kernel';
import type { PurchaseLimitPolicy } from '@paykit/orders';
import type { AppConfig } from '../../config/config.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';

/** Currencies counted as US dollars for the no-KYC threshold: the dollar and its stablecoins. */
const DOLLAR_LIKE = new Set(['usd', 'usdc', 'usdxm']);

/** The orders area's settings, read from the configuration once. */
@Injectable()
export class OrderSettings {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get quoteTtlSeconds(): number {
    return this.config.ORDER_QUOTE_TTL_SECONDS;
  }

  get workerIntervalMs(): number {
    return this.config.ORDER_WORKER_INTERVAL_MS;
  }

  get depositFinalityWaitMs(): number {
    return this.config.ORDER_DEPOSIT_FINALITY_WAIT_MS;
  }

  /** Up to what total an order in `currency` needs no identity check; none (always a check) outside dollars. */
  noKycThreshold(currency: string): Money | undefined {
    return DOLLAR_LIKE.has(currency) ? { amount: this.config.ORDER_NO_KYC_THRESHOLD_USD, currency } : undefined;
  }

  /** The per-user card purchase limit, kept per payment currency. */
  purchaseLimit(currency: string): PurchaseLimitPolicy {
    return {
      limit: this.config.ORDER_PURCHASE_LIMIT,
      currency,
      windowHours: this.config.ORDER_PURCHASE_LIMIT_WINDOW_HOURS,
    };
  }
}
