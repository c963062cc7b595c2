import type { ChainGateway, ChainToken, SubmitTransferResult } from '../../src/index.js';
import { leftOf, rightOf } from '../support.js';
import { mpcWallet, transferFrom, type TestWallet } from './support.js';

/** What an adapter's test gives the shared suite: a chain it serves, a sender holding 10+ units of `token` and gas. */
export interface ChainGatewayHarness {
  readonly gateway: ChainGateway;
  readonly chain: string;
  readonly token: ChainToken;
  readonly sender: TestWallet;
  /** An address that holds nothing yet. */
  freshRecipient(): Promise<string>;
  /** Moves the chain on until what was sent so far is final. */
  finalize(): Promise<void>;
  /**
   * The reason a token shortfall gets: `insufficient_funds` where the chain says so; `reverted` on
   * EVM nodes, where an ERC-20 shortfall is the contract's revert like any other.
   */
  readonly shortfallReason?: 'insufficient_funds' | 'reverted';
}

const submitted = (result: SubmitTransferResult): string => {
  if (result.outcome !== 'submitted') throw new Error(`expected a submission, got ${JSON.stringify(result.error)}`);
  return result.txId;
};

/**
 * What every chain adapter of the port does the same (README "The port"): funds move and the
 * outcome comes at finality with its fee; a shortfall fails either before the chain (`rejected`)
 * or on it (`failed` once final) and moves nothing; keys and idempotency.
 */
export const describeChainGatewayConformance = (adapter: string, harness: () => ChainGatewayHarness): void => {
  describe(`${adapter}: the chain gateway's shared contract`, () => {
    const balance = async (address: string) => {
      const { gateway, chain, token } = harness();
      return BigInt(rightOf(await gateway.getBalance({ chain, address, token })).baseUnits);
    };

    it('moves the amount and reports success with a fee in the gas token once final', async () => {
      const { gateway, chain, token, sender, freshRecipient, finalize } = harness();
      const recipient = await freshRecipient();
      const before = await balance(sender.address);
      const txId = submitted(
        rightOf(await gateway.submitTransfer(transferFrom(sender, chain, token, recipient, '1000'))),
      );
      await finalize();
      const status = rightOf(await gateway.getTransactionStatus(chain, txId));
      expect(status).toMatchObject({
        status: 'success',
        fee: { token: expect.stringMatching(new RegExp(`^${chain}:`)) },
      });
      expect(await balance(recipient)).toBe(1000n);
      expect(await balance(sender.address)).toBe(before - 1000n);
    });

    it('a shortfall fails, before the chain or at finality, and moves nothing', async () => {
      const {
        gateway,
        chain,
        token,
        sender,
        freshRecipient,
        finalize,
        shortfallReason = 'insufficient_funds',
      } = harness();
      const recipient = await freshRecipient();
      const before = await balance(sender.address);
      const result = rightOf(
        await gateway.submitTransfer(transferFrom(sender, chain, token, recipient, String(before + 1n))),
      );
      if (result.outcome === 'rejected') expect(result.error.reason).toBe(shortfallReason);
      else {
        await finalize();
        expect(rightOf(await gateway.getTransactionStatus(chain, result.txId))).toMatchObject({
          status: 'failed',
          error: { reason: shortfallReason },
        });
      }
      expect(await balance(sender.address)).toBe(before);
      expect(await balance(recipient)).toBe(0n);
    });

    it('refuses a key that does not control the sender and a foreign address; a zero amount is a transaction (ADR 0811)', async () => {
      const { gateway, chain, token, sender, freshRecipient } = harness();
      const recipient = await freshRecipient();
      const stranger = mpcWallet(sender.curve === 'secp256k1' ? 'evm' : 'solana', `${adapter} stranger`);
      const foreignKey = {
        ...transferFrom(sender, chain, token, recipient, '1'),
        authority: { kind: 'custodial-key' as const, curve: sender.curve, secretKey: stranger.secretKey },
      };
      expect(leftOf(await gateway.submitTransfer(foreignKey)).code).toBe('signer_mismatch');
      expect(rightOf(await gateway.submitTransfer(transferFrom(sender, chain, token, recipient, '0'))).outcome).toBe(
        'submitted',
      );
      expect(leftOf(await gateway.submitTransfer(transferFrom(sender, chain, token, 'not-an-address', '1'))).code).toBe(
        'invalid_address',
      );
    });

    it('a repeated idempotency key returns the first submission and pays once', async () => {
      const { gateway, chain, token, sender, freshRecipient, finalize } = harness();
      const recipient = await freshRecipient();
      const request = transferFrom(sender, chain, token, recipient, '7', { idempotencyKey: `${adapter}-once` });
      const first = submitted(rightOf(await gateway.submitTransfer(request)));
      expect(submitted(rightOf(await gateway.submitTransfer(request)))).toBe(first);
      await finalize();
      expect(await balance(recipient)).toBe(7n);
    });
  });
};
