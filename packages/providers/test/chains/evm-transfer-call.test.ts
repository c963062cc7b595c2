import { concatHex, encodeFunctionData, getAddress, toHex, type Hex } from 'viem';
import { encodeErc20Transfer } from '@paykit/transfers';
import { EVM_MEMO_TAG, decodeEvmTransfer, evmTransferCallOf } from '../../src/index.js';

const token = getAddress('0xDc701122B8afFF800A94b86c03D2222D10efbA90');
const recipient = getAddress('0x90F8bf6A479f320ead074411a4B0e7944Ea8c9C1');

describe('EVM transfer calls and their memo trailer', () => {
  it('writes an ERC-20 transfer whose first 68 bytes are the standard call, memo after them', () => {
    const memo = { type: 'text' as const, value: 'order-1 ✓' };
    const call = evmTransferCallOf({ native: false, address: token }, recipient, 5n, memo);
    expect(call.to).toBe(token);
    expect(call.value).toBe(0n);
    expect(call.data.startsWith(encodeErc20Transfer(recipient, '5'))).toBe(true);
    expect(call.data.slice(2 + 68 * 2, 2 + 72 * 2)).toBe(EVM_MEMO_TAG.slice(2));
    expect(decodeEvmTransfer(call.to, call.data, call.value)).toEqual({
      token: { native: false, address: token },
      recipient,
      baseUnits: 5n,
      memo,
    });
  });

  it('sends native value with the memo as the only data', () => {
    const memo = { type: 'id' as const, value: '12345' };
    const call = evmTransferCallOf({ native: true }, recipient.toLowerCase(), 7n, memo);
    expect(call).toEqual({ to: recipient, data: concatHex([EVM_MEMO_TAG, toHex('id:12345')]), value: 7n });
    expect(decodeEvmTransfer(call.to, call.data, call.value)).toEqual({
      token: { native: true },
      recipient,
      baseUnits: 7n,
      memo,
    });
    expect(decodeEvmTransfer(recipient, '0x', 9n)).toEqual({ token: { native: true }, recipient, baseUnits: 9n });
  });

  it('reads no memo from trailing bytes that are not one, and no transfer from other calls', () => {
    const plain = encodeErc20Transfer(recipient, '1');
    expect(decodeEvmTransfer(token, concatHex([plain, '0xdeadbeef']), 0n)).toEqual({
      token: { native: false, address: token },
      recipient,
      baseUnits: 1n,
    });
    expect(decodeEvmTransfer(token, concatHex([plain, EVM_MEMO_TAG, toHex('nope:x')]), 0n)?.memo).toBeUndefined();
    const approve = encodeFunctionData({
      abi: [
        {
          type: 'function',
          name: 'approve',
          inputs: [
            { name: 's', type: 'address' },
            { name: 'v', type: 'uint256' },
          ],
          outputs: [],
          stateMutability: 'nonpayable',
        },
      ],
      functionName: 'approve',
      args: [recipient, 1n],
    });
    expect(decodeEvmTransfer(token, approve as Hex, 0n)).toBeUndefined();
    expect(decodeEvmTransfer(null, plain, 0n)).toBeUndefined();
  });
});
