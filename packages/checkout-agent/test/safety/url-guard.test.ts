import * as E from 'fp-ts/lib/Either.js';
import { type Resolver, checkUrlSafety, classifyAddress, parseAllowedHosts } from '../../src/index.js';

/** A resolver for names that never leaves the process. */
const dns =
  (records: Record<string, readonly string[]>): Resolver =>
  async (hostname) => {
    const addresses = records[hostname];
    if (!addresses) throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses;
  };

const refusalOf = async (url: string, options: Parameters<typeof checkUrlSafety>[1] = {}) => {
  const result = await checkUrlSafety(url, { resolve: dns({}), ...options });
  return E.isLeft(result) ? result.left.parameters?.reason : 'allowed';
};

describe('address categories', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['169.254.169.254', 'link_local'],
    ['0.0.0.0', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['172.32.0.1', 'public'],
    ['93.184.216.34', 'public'],
  ])('IPv4 %s is %s', (address, category) => {
    expect(classifyAddress(address)).toBe(category);
  });

  it.each([
    ['2130706433', 'loopback'],
    ['017700000001', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0x7f.0.0.1', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['127.1', 'loopback'],
    ['10.0x10.1', 'private'],
    ['0', 'unspecified'],
  ])('IPv4 written as %s is %s', (address, category) => {
    expect(classifyAddress(address)).toBe(category);
  });

  it.each([
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link_local'],
    ['::127.0.0.1', 'loopback'],
    ['64:ff9b::a00:1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456:789a::1', 'unique_local'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['::ffff:93.184.216.34', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['::ffff:0x7f.0.0.1', 'loopback'],
    ['[127.0.0.1]', 'loopback'],
  ])('IPv6 %s is %s', (address, category) => {
    expect(classifyAddress(address)).toBe(category);
  });

  it('is null for text that is not an IP address', () => {
    expect(classifyAddress('shop.example')).toBeNull();
    expect(classifyAddress('256.1.1.1')).toBeNull();
    expect(classifyAddress('1.2.3.4.5')).toBeNull();
  });
});

describe('the URL guard', () => {
  it.each([
    'http://127.0.0.1/',
    'http://localhost./',
    'http://2130706433/',
    'http://0x7f.1:8080/',
    'http://017700000001/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fd00::1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://0.0.0.0/',
    'https://10.0.0.5/admin',
  ])('refuses %s', async (url) => {
    expect(await refusalOf(url, { resolve: dns({ localhost: ['127.0.0.1'] }) })).toBe('address_not_allowed');
  });

  it('refuses a name when any of its addresses is private, IPv4 or IPv6', async () => {
    const resolve = dns({
      'mixed.test': ['93.184.216.34', '10.0.0.1'],
      'v6.test': ['2606:4700::1', '::ffff:192.168.0.1'],
    });
    expect(await refusalOf('http://mixed.test/', { resolve })).toBe('address_not_allowed');
    expect(await refusalOf('http://v6.test/', { resolve })).toBe('address_not_allowed');
  });

  it('allows a public name, with the addresses it was judged on', async () => {
    const result = await checkUrlSafety('https://shop.test/products/mug', {
      resolve: dns({ 'shop.test': ['93.184.216.34', '2606:4700::1'] }),
    });
    expect(result).toEqual(
      E.right(expect.objectContaining({ addresses: ['93.184.216.34', '2606:4700::1'], allowListed: false })),
    );
  });

  it('refuses other schemes than http and https', async () => {
    for (const url of [
      'ftp://93.184.216.34/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,hi',
      'gopher://93.184.216.34/',
    ]) {
      expect(await refusalOf(url)).toBe('scheme_not_allowed');
    }
  });

  it('refuses names that do not resolve and text that is not a URL', async () => {
    expect(await refusalOf('http://nowhere.test/')).toBe('unresolvable');
    expect(await refusalOf('not a url')).toBe('invalid_url');
  });

  it('allows an allow-listed host:port only on that port, and a bare host on any port', async () => {
    const allowedHosts = '127.0.0.1:4100, shop.internal';
    const resolve = dns({ 'shop.internal': ['10.0.0.7'] });
    expect(await refusalOf('http://127.0.0.1:4100/products/mug', { allowedHosts, resolve })).toBe('allowed');
    expect(await refusalOf('http://127.1:4100/', { allowedHosts, resolve })).toBe('allowed');
    expect(await refusalOf('http://127.0.0.1:4101/', { allowedHosts, resolve })).toBe('address_not_allowed');
    expect(await refusalOf('http://127.0.0.1/', { allowedHosts, resolve })).toBe('address_not_allowed');
    expect(await refusalOf('https://SHOP.internal:8443/', { allowedHosts, resolve })).toBe('allowed');
    expect(await refusalOf('http://[::ffff:127.0.0.1]:4100/', { allowedHosts, resolve })).toBe('address_not_allowed');
  });

  it('matches an allow-listed port against the scheme default when the URL has none', async () => {
    expect(await refusalOf('http://10.0.0.1/', { allowedHosts: '10.0.0.1:80' })).toBe('allowed');
    expect(await refusalOf('https://10.0.0.1/', { allowedHosts: '10.0.0.1:80' })).toBe('address_not_allowed');
    expect(await refusalOf('http://[::1]:8080/', { allowedHosts: ['[::1]:8080'] })).toBe('allowed');
  });
});

describe('the allow-list', () => {
  it('parses comma-separated host[:port] entries, ignoring blanks', () => {
    expect(parseAllowedHosts(' 127.0.0.1:4100, Shop.Test ,,[::1]:80 ')).toEqual([
      { host: '127.0.0.1', port: '4100' },
      { host: 'shop.test', port: null },
      { host: '[::1]', port: '80' },
    ]);
  });

  it.each(['http://shop.test', 'shop.test/path', 'shop.test:99999', 'shop.test:', 'user@shop.test'])(
    'rejects %s',
    (entry) => {
      expect(() => parseAllowedHosts(entry)).toThrow(/Invalid allowed host/);
    },
  );
});
