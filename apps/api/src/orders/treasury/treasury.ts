import { Inject, Injectable } from '@nestjs/common';
import { Decimal, DomainException, fromBaseUnits, invalid } from '@paykit/kernel';
import type { ChainGateway, ChainToken, TransferAuthority } from '@paykit/providers';
import { type ChainInfo, addressFromPublicKey, findChain, keyCurveOf, keyPairFromRandomBytes } from '@paykit/wallets';
import * as E from 'fp-ts/lib/Either.js';
import type { AppConfig } from '../../config/config.js';
import { AppSecrets } from '../../infrastructure/secrets/app-secrets.js';
import { APP_CONFIG } from '../../infrastructure/tokens.js';
import { CHAIN_GATEWAY } from '../../wallets/gateway/chain-gateway.token.js';

/** The staging faucet gives at most this much of the test stablecoin per request. */
const FAUCET_MAX = new Decimal(100);

/**
 * The service's own wallet on each chain: where offramp payers deposit (a memo tells the orders
 * apart) and what onramp deliveries are sent from. Its keys are derived from the deployment's
 * secrets key (one per curve), so they survive restarts and are never stored. In staging it tops
 * itself up from the faucet before a delivery; in production it is funded by operations.
 */
@Injectable()
export class Treasury {
  constructor(
    private readonly secrets: AppSecrets,
    @Inject(CHAIN_GATEWAY) private readonly gateway: ChainGateway,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  chain(name: string): ChainInfo {
    const chain = findChain(name, this.config.APP_ENV);
    if (!chain)
      throw new DomainException(
        invalid('chain_not_supported', `chain ${name} is not a chain of ${this.config.APP_ENV}`),
      );
    return chain;
  }

  addressOn(chainName: string): string {
    const chain = this.chain(chainName);
    return addressFromPublicKey(chain.chainType, this.keyPairOf(chain).publicKey);
  }

  /** The treasury key for one call; the caller zeroes `secretKey` afterwards. */
  authorityOn(chainName: string): TransferAuthority {
    const { curve, secretKey } = this.keyPairOf(this.chain(chainName));
    return { kind: 'custodial-key', curve, secretKey };
  }

  /** Staging: tops the treasury up from the faucet until it holds `baseUnits` of the token (best effort). */
  async ensureFunds(
    chainName: string,
    token: ChainToken,
    symbol: string,
    baseUnits: bigint,
    decimals: number,
  ): Promise<void> {
    if (this.config.APP_ENV !== 'staging') return;
    const address = this.addressOn(chainName);
    for (let attempt = 0; attempt < 20; attempt++) {
      const balance = await this.gateway.getBalance({ chain: chainName, address, token });
      if (E.isLeft(balance)) return;
      const missing = baseUnits - BigInt(balance.right.baseUnits);
      if (missing <= 0n) return;
      const wanted = Decimal.min(FAUCET_MAX, Decimal.max(new Decimal(1), fromBaseUnits(missing, decimals).ceil()));
      const amount = token.native ? fromBaseUnits(missing, decimals).toFixed() : wanted.toFixed();
      const funded = await this.gateway.fund({
        chain: chainName,
        address,
        token: token.native ? 'native' : symbol,
        amount,
      });
      if (E.isLeft(funded)) return;
    }
  }

  /**
   * Staging: tops the treasury's gas up from the faucet until it can pay this transfer's fee (best
   * effort). The faucet leaves gas only with a first stablecoin grant, and a treasury that holds
   * enough of the token already (offramp deposits fill it) asks for none.
   */
  async ensureGas(chainName: string, token: ChainToken, recipient: string, baseUnits: bigint): Promise<void> {
    if (this.config.APP_ENV !== 'staging' || token.native) return;
    const address = this.addressOn(chainName);
    const fee = await this.gateway.estimateFee({
      chain: chainName,
      from: address,
      token,
      recipient,
      baseUnits: baseUnits.toString(),
    });
    const gas = await this.gateway.getBalance({ chain: chainName, address, token: { native: true } });
    if (E.isLeft(fee) || E.isLeft(gas)) return;
    const missing = BigInt(fee.right.baseUnits) - BigInt(gas.right.baseUnits);
    if (missing <= 0n) return;
    await this.gateway.fund({
      chain: chainName,
      address,
      token: 'native',
      amount: fromBaseUnits(missing, gas.right.decimals).toFixed(),
    });
  }

  private keyPairOf(chain: ChainInfo) {
    const curve = keyCurveOf(chain.chainType);
    return keyPairFromRandomBytes(curve, new Uint8Array(this.secrets.derive(`orders-treasury-${curve}`)));
  }
}
