const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const VALUES = new Map([...ALPHABET].map((character, index) => [character, BigInt(index)]));

/** Bitcoin-alphabet base58 (how Solana writes keys and signatures); null when not base58. */
export const decodeBase58 = (text: string): Uint8Array | null => {
  if (text.length === 0 || text.length > 128) return null;
  let value = 0n;
  for (const character of text) {
    const digit = VALUES.get(character);
    if (digit === undefined) return null;
    value = value * 58n + digit;
  }
  const bytes: number[] = [];
  while (value > 0n) {
    bytes.unshift(Number(value & 0xffn));
    value >>= 8n;
  }
  const leadingZeros = text.length - text.replace(/^1+/, '').length;
  return Uint8Array.from([...new Array<number>(leadingZeros).fill(0), ...bytes]);
};
