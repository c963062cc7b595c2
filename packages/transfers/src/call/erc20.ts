import { encodeFunctionData, getAddress, type Hex } from 'viem';

/** ERC-20 `transfer(address to, uint256 value) returns (bool)`, as OpenZeppelin's ABI spells it. */
export const ERC20_TRANSFER_ABI = [
  {
    type: 'function',
    name: 'transfer',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'value', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bool' }],
  },
] as const;

export const encodeErc20Transfer = (recipient: string, baseUnits: string): Hex =>
  encodeFunctionData({
    abi: ERC20_TRANSFER_ABI,
    functionName: 'transfer',
    args: [getAddress(recipient), BigInt(baseUnits)],
  });
