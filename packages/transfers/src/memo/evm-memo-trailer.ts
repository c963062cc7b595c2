import { bytesToHex, concatHex, type Hex } from 'viem';
import type { Memo } from '../transfer/model.js';

/** "memo" in ASCII: marks the bytes that follow as the memo trailer. */
export const EVM_MEMO_TAG: Hex = '0x6d656d6f';

/**
 * EVM transactions have no memo field, so a memo travels after the call: the tag `memo`, then
 * the UTF-8 of `<type>:<value>`. ERC-20 `transfer` ignores bytes after its two arguments (the
 * ABI decoder reads only what it needs), and a plain value transfer to an account ignores data.
 * One encoding, here, for the call a transfer executes and the approval message that covers it.
 */
export const evmMemoTrailer = (memo: Memo): Hex =>
  concatHex([EVM_MEMO_TAG, bytesToHex(new TextEncoder().encode(`${memo.type}:${memo.value}`))]);
