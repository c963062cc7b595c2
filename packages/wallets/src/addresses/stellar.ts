/**
 * Stellar StrKey (SEP-23): base32(versionByte ++ payload ++ crc16-xmodem(versionByte ++ payload)),
 * the checksum little-endian. `G...` strings are Ed25519 account keys, `C...` strings contracts.
 * Written here (about 60 lines) instead of importing @stellar/stellar-sdk, whose import alone
 * costs most of a second; the tests check every result against the SDK's StrKey.
 */
const ACCOUNT_VERSION = 6 << 3;
const CONTRACT_VERSION = 2 << 3;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const ENCODED_LENGTH = 56;

const crc16Xmodem = (bytes: Uint8Array): number => {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
};

const base32Encode = (bytes: Uint8Array): string => {
  let output = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += ALPHABET[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  return bits > 0 ? output + ALPHABET[(buffer << (5 - bits)) & 31] : output;
};

const base32Decode = (text: string): Uint8Array | null => {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of text) {
    const value = ALPHABET.indexOf(char);
    if (value < 0) return null;
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      bytes.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return Uint8Array.from(bytes);
};

const encode = (version: number, payload: Uint8Array): string => {
  const body = Uint8Array.of(version, ...payload);
  const checksum = crc16Xmodem(body);
  return base32Encode(Uint8Array.of(...body, checksum & 0xff, checksum >>> 8));
};

/** The 32-byte payload of a well-formed StrKey of the given version, or null. */
const decode = (version: number, text: string): Uint8Array | null => {
  if (text.length !== ENCODED_LENGTH) return null;
  const raw = base32Decode(text);
  if (!raw || raw.length !== 35 || raw[0] !== version) return null;
  const checksum = crc16Xmodem(raw.subarray(0, 33));
  if (raw[33] !== (checksum & 0xff) || raw[34] !== checksum >>> 8) return null;
  return raw.slice(1, 33);
};

export const stellarAddressFromPublicKey = (publicKey: Uint8Array): string => encode(ACCOUNT_VERSION, publicKey);
export const stellarPublicKeyFromAddress = (address: string): Uint8Array | null => decode(ACCOUNT_VERSION, address);
export const isStellarAccountAddress = (value: string): boolean => decode(ACCOUNT_VERSION, value) !== null;

export const stellarContractAddress = (contractId: Uint8Array): string => encode(CONTRACT_VERSION, contractId);
export const isStellarContractAddress = (value: string): boolean => decode(CONTRACT_VERSION, value) !== null;
