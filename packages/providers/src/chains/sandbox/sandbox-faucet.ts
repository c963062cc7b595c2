import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import type { Environment } from '../../environment.js';
import type { ChainToken, FaucetRequest } from '../chain-gateway.js';
import { tokenKeyOf } from '../chain-request.js';
import { checkFaucetRequest, faucetGasDripOf, type FaucetGrant } from '../faucet-rules.js';
import type { LedgerReader } from './chain-ledger.js';
import type { TransactionDraft } from './ledger-transaction.js';
import { sandboxFaucetAddressOf } from './sandbox-chain-params.js';

/** The faucet's mints: the grant, and gas up to the drip for a stablecoin grant to a wallet with less. */
export const faucetMints = (
  ledger: LedgerReader,
  request: FaucetRequest,
  environment: Environment,
): E.Either<DomainError, { readonly grant: FaucetGrant; readonly mints: readonly TransactionDraft[] }> => {
  const { chain } = ledger;
  return E.map((grant: FaucetGrant) => {
    const mint = (token: ChainToken, baseUnits: bigint): TransactionDraft => ({
      kind: 'mint',
      from: sandboxFaucetAddressOf(chain.chainType),
      to: grant.address,
      token: tokenKeyOf(chain, token),
      baseUnits: baseUnits.toString(),
      fee: '0',
    });
    const gas = faucetGasDripOf(chain) - ledger.balanceOf(grant.address, 'native');
    const topUp = grant.withGas && gas > 0n ? [mint({ native: true }, gas)] : [];
    return { grant, mints: [mint(grant.token, grant.baseUnits), ...topUp] };
  })(checkFaucetRequest(chain, request, environment));
};
