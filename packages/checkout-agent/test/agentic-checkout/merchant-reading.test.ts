import { productsOnPage, readDiscoveryDocument, readTask } from '../../src/index.js';
import { chooseFulfillment } from '../../src/agentic-checkout/fulfillment-choice.js';
import { sameSize } from '../../src/merchant-page/task-hints.js';

describe('reading the task', () => {
  it.each([
    ['Buy the t-shirt in size M', 'M'],
    ['Buy the tee, size: xl', 'xl'],
    ['A large hoodie please', 'large'],
    ['Get the shirt in L', 'L'],
    ['Buy a mug', null],
  ])('finds the size in %j', (task, size) => {
    expect(readTask(task).size).toBe(size);
  });

  it.each([
    ['Order 2 ceramic mugs', 2],
    ['buy three mugs', 3],
    ['Mug, quantity: 4', 4],
    ['3 x mug', 3],
    ['Buy a mug', 1],
    ['Buy 500 mugs', 1],
  ])('finds the quantity in %j', (task, quantity) => {
    expect(readTask(task).quantity).toBe(quantity);
  });

  it('asks for the fastest delivery only when the task says so', () => {
    expect(readTask('Buy a mug with express shipping').delivery).toBe('fastest');
    expect(readTask('Buy a mug').delivery).toBe('cheapest');
    expect(readTask(undefined)).toEqual({ size: null, quantity: 1, delivery: 'cheapest', words: [] });
  });

  it('treats size words and letters alike', () => {
    expect(sameSize('large', 'L')).toBe(true);
    expect(sameSize('l', 'L')).toBe(true);
    expect(sameSize('extra large', 'XL')).toBe(true);
    expect(sameSize('medium', 'L')).toBe(false);
  });
});

describe('reading schema.org JSON-LD', () => {
  const page = (...blocks: unknown[]) =>
    blocks
      .map((block) => `<script type="application/ld+json">${JSON.stringify(block).replace(/</g, '\\u003c')}</script>`)
      .join('\n');

  it('reads a Product with its offer', () => {
    const html = page({
      '@context': 'https://schema.org/',
      '@type': 'Product',
      name: 'Ceramic Mug',
      sku: 'mug',
      offers: { '@type': 'Offer', price: '12.00', priceCurrency: 'USD', availability: 'https://schema.org/InStock' },
    });
    expect(productsOnPage(html)).toEqual([
      {
        name: 'Ceramic Mug',
        hasVariants: false,
        variants: [{ sku: 'mug', size: null, price: { amount: '12.00', currency: 'USD' }, inStock: true }],
      },
    ]);
  });

  it('reads a ProductGroup variant by variant, and products inside @graph', () => {
    const variant = (sku: string, size: string, availability: string) => ({
      '@type': 'Product',
      sku,
      size,
      offers: [
        { '@type': 'Offer', price: 25, priceCurrency: 'usd', availability: `https://schema.org/${availability}` },
      ],
    });
    const html = page({
      '@graph': [
        {
          '@type': 'ProductGroup',
          name: 'Tee',
          hasVariant: [variant('tee-s', 'S', 'InStock'), variant('tee-m', 'M', 'OutOfStock')],
        },
        { '@type': 'BreadcrumbList' },
      ],
    });
    expect(productsOnPage(html)).toEqual([
      {
        name: 'Tee',
        hasVariants: true,
        variants: [
          { sku: 'tee-s', size: 'S', price: { amount: '25', currency: 'USD' }, inStock: true },
          { sku: 'tee-m', size: 'M', price: { amount: '25', currency: 'USD' }, inStock: false },
        ],
      },
    ]);
  });

  it('skips broken blocks and products without a sku', () => {
    const html = `<script type="application/ld+json">{ not json</script>${page({ '@type': 'Product', name: 'No sku' })}`;
    expect(productsOnPage(html)).toEqual([]);
  });
});

describe('reading an ACP discovery document', () => {
  const url = 'https://shop.test/.well-known/acp.json';

  it('finds the API, the newest version both sides speak, and whether tokens are delegated', () => {
    const document = {
      protocol: { name: 'acp', version: '2026-04-17', supported_versions: ['2025-09-29', '2026-01-16', '2026-04-17'] },
      api_base_url: 'https://api.shop.test/acp/',
      transports: ['rest'],
      capabilities: { services: ['checkout', 'delegate_payment'] },
    };
    expect(readDiscoveryDocument(document, url)).toEqual({
      apiBaseUrl: 'https://api.shop.test/acp',
      version: '2026-01-16',
      delegatePayment: true,
    });
  });

  it('assumes the first release from a document that names no version', () => {
    expect(readDiscoveryDocument({ api_base_url: 'https://shop.test' }, url)).toEqual({
      apiBaseUrl: 'https://shop.test',
      version: '2025-09-29',
      delegatePayment: false,
    });
  });

  it.each([
    ['no API base URL', { protocol: { name: 'acp' } }],
    ['another protocol', { protocol: { name: 'ucp' }, api_base_url: 'https://shop.test' }],
    ['no REST transport', { api_base_url: 'https://shop.test', transports: ['mcp'] }],
    ['no checkout service', { api_base_url: 'https://shop.test', capabilities: { services: ['orders'] } }],
    ['only unknown versions', { protocol: { supported_versions: ['2024-01-01'] }, api_base_url: 'https://shop.test' }],
    ['a non-http API', { api_base_url: 'ftp://shop.test' }],
    ['not an object', ['https://shop.test']],
  ])('is unusable with %s', (_name, document) => {
    expect(readDiscoveryDocument(document, url)).toBeNull();
  });
});

describe('choosing the delivery', () => {
  const options = [
    { id: 'express', title: 'Express', amount: 1499, latestDelivery: '2026-03-03T00:00:00Z' },
    { id: 'standard', title: 'Standard', amount: 599, latestDelivery: '2026-03-06T00:00:00Z' },
  ];

  it('takes the cheapest unless the task asks for speed', () => {
    expect(chooseFulfillment(options, readTask('Buy a mug'))?.id).toBe('standard');
    expect(chooseFulfillment(options, readTask('Buy a mug, fastest delivery'))?.id).toBe('express');
    expect(chooseFulfillment([], readTask('Buy a mug'))).toBeNull();
  });
});
