const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGITS = new Map([...ALPHABET].map((character, index) => [character, BigInt(index)]));

/** Bytes of a base58 (Bitcoin alphabet, as Solana writes signatures) string, or null when it is not one. */
export const decodeBase58 = (text: string): Uint8Array | null => {
  // Up to a Solana transaction (1,232 bytes, about 1,700 characters); longer input is nobody's signature or message.
  if (text.length === 0 || text.length > 2_048) return null;
  let value = 0n;
  for (const character of text) {
    const digit = DIGITS.get(character);
    if (digit === undefined) return null;
    value = value * 58n + digit;
  }
  const body = value === 0n ? '' : value.toString(16);
  const hex = body.length % 2 === 0 ? body : `0${body}`;
  const leadingZeros = text.length - text.replace(/^1+/, '').length;
  return Uint8Array.from([...new Array<number>(leadingZeros).fill(0), ...Buffer.from(hex, 'hex')]);
};
