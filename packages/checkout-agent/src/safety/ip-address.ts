import ipaddr from 'ipaddr.js';

/**
 * What an address is for. Only `public` may be reached without an allow-list entry; the rest
 * are the server's own machine, its networks, or ranges nobody should be sent to.
 */
export type AddressCategory =
  'public' | 'private' | 'loopback' | 'link_local' | 'unique_local' | 'unspecified' | 'multicast' | 'reserved';

export interface ParsedAddress {
  readonly family: 4 | 6;
  readonly bytes: Uint8Array;
}

/**
 * An IP address in every spelling a resolver accepts, parsed by ipaddr.js: IPv4 as `inet_aton`
 * reads it (one to four parts, each decimal, octal or hexadecimal: `127.1`, `2130706433`,
 * `0x7f.0.0.1` and `0177.0.0.1` are all 127.0.0.1), IPv6 with or without brackets, a zone id or
 * an embedded dotted IPv4 tail. A trailing dot (a fully qualified name) is read as resolvers do.
 */
export const parseIpAddress = (text: string): ParsedAddress | null => {
  const bare = text.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (!ipaddr.isValid(bare)) return null;
  const address = ipaddr.parse(bare);
  return { family: address.kind() === 'ipv6' ? 6 : 4, bytes: Uint8Array.from(address.toByteArray()) };
};

type Range = readonly [prefix: readonly number[], bits: number, category: AddressCategory];

const IPV4_RANGES: readonly Range[] = [
  [[0], 8, 'unspecified'],
  [[10], 8, 'private'],
  [[100, 64], 10, 'private'],
  [[127], 8, 'loopback'],
  [[169, 254], 16, 'link_local'],
  [[172, 16], 12, 'private'],
  [[192, 0, 0], 24, 'reserved'],
  [[192, 0, 2], 24, 'reserved'],
  [[192, 88, 99], 24, 'reserved'],
  [[192, 168], 16, 'private'],
  [[198, 18], 15, 'reserved'],
  [[198, 51, 100], 24, 'reserved'],
  [[203, 0, 113], 24, 'reserved'],
  [[224], 4, 'multicast'],
  [[240], 4, 'reserved'],
];

const IPV6_RANGES: readonly Range[] = [
  [[0x00, 0x64, 0xff, 0x9b, 0x00, 0x01], 48, 'private'],
  [[0x01, 0x00], 64, 'reserved'],
  [[0x20, 0x01, 0x00, 0x00], 32, 'reserved'],
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'reserved'],
  [[0xfc], 7, 'unique_local'],
  [[0xfe, 0x80], 10, 'link_local'],
  [[0xfe, 0xc0], 10, 'private'],
  [[0xff], 8, 'multicast'],
];

const inRange = (bytes: Uint8Array, prefix: readonly number[], bits: number): boolean => {
  for (let bit = 0; bit < bits; bit++) {
    const byte = Math.floor(bit / 8);
    const mask = 0x80 >> (bit % 8);
    if (((bytes[byte] ?? 0) & mask) !== ((prefix[byte] ?? 0) & mask)) return false;
  }
  return true;
};

const categoryIn = (bytes: Uint8Array, ranges: readonly Range[]): AddressCategory | null =>
  ranges.find(([prefix, bits]) => inRange(bytes, prefix, bits))?.[2] ?? null;

const classifyIpv4 = (bytes: Uint8Array): AddressCategory => categoryIn(bytes, IPV4_RANGES) ?? 'public';

/**
 * IPv6 forms that carry an IPv4 address (mapped, compatible, NAT64, 6to4) are judged by that
 * address, so `::ffff:127.0.0.1` is loopback. Outside 2000::/3 nothing is globally routed.
 */
const classifyIpv6 = (bytes: Uint8Array): AddressCategory => {
  const zeros = (from: number, to: number) => bytes.subarray(from, to).every((byte) => byte === 0);
  if (zeros(0, 16)) return 'unspecified';
  if (zeros(0, 15) && bytes[15] === 1) return 'loopback';
  const mapped = zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff;
  const nat64 = inRange(bytes, [0x00, 0x64, 0xff, 0x9b], 96);
  if (mapped || zeros(0, 12) || nat64) return classifyIpv4(bytes.subarray(12, 16));
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return classifyIpv4(bytes.subarray(2, 6));
  const listed = categoryIn(bytes, IPV6_RANGES);
  if (listed) return listed;
  return inRange(bytes, [0x20], 3) ? 'public' : 'reserved';
};

/** The category of an IP address in any accepted spelling, or null when the text is not an IP address. */
export const classifyAddress = (text: string): AddressCategory | null => {
  const parsed = parseIpAddress(text);
  if (!parsed) return null;
  return parsed.family === 4 ? classifyIpv4(parsed.bytes) : classifyIpv6(parsed.bytes);
};
