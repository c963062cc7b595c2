import { encodeAbiParameters, hexToBigInt, keccak256 } from 'viem';

/**
 * What sets one smart wallet apart from another that has the same admin signer: two wallets
 * with the same admin signer are distinct (by the spec's rules) when their project, owner or
 * alias differ, or when the caller asked for another one with a creation seed.
 */
export interface SmartWalletIdentity {
  readonly projectId: string;
  readonly owner?: string;
  readonly alias?: string;
  readonly creationSeed: bigint;
}

const INDEX_LABEL = 'paykit:smart-account-index:v2';

/**
 * The account index the smart-account factory (EVM) or program (Solana) is given next to the
 * admin signer, which fixes the counterfactual address:
 *
 *   index = uint256(keccak256(abi.encode(string label, string projectId, string owner, string alias, uint256 creationSeed)))
 *
 * with "" for an absent owner or alias (neither can be empty when present). abi.encode pads every
 * string to its own length-prefixed slot, so no two identities encode alike.
 *
 * Wallets created before v2 used the creation seed itself as the index (their events carry no
 * accountIndex; evolve upcasts them), which let two owners' wallets share one address.
 */
export const smartAccountIndex = ({ projectId, owner, alias, creationSeed }: SmartWalletIdentity): bigint =>
  hexToBigInt(
    keccak256(
      encodeAbiParameters(
        [{ type: 'string' }, { type: 'string' }, { type: 'string' }, { type: 'string' }, { type: 'uint256' }],
        [INDEX_LABEL, projectId, owner ?? '', alias ?? '', creationSeed],
      ),
    ),
  );
