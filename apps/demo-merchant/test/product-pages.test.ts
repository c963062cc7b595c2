import { type DemoMerchant } from '../src/index.js';
import { hasTestId, jsonLdBlocks, linkHref, textByTestId } from './support/html.js';
import { acpHeaders, startShop } from './support/shop.js';

let shop: DemoMerchant;
beforeAll(async () => {
  shop = await startShop();
});
afterAll(() => shop.close());

const page = async (path: string) => {
  const response = await fetch(new URL(path, shop.url));
  return { status: response.status, body: await response.text() };
};

type Offer = { price: string; priceCurrency: string; availability: string; sku: string };
type Variant = { '@type': string; sku: string; size: string; offers: Offer };

describe('product pages', () => {
  it('describe a product with sizes as a ProductGroup whose variants carry sku, size, price and availability', async () => {
    const { status, body } = await page('/products/tshirt');
    expect(status).toBe(200);
    const [data] = jsonLdBlocks(body) as [
      { '@type': string; productGroupID: string; variesBy: string[]; hasVariant: Variant[] },
    ];
    expect(data['@type']).toBe('ProductGroup');
    expect(data.productGroupID).toBe('tshirt');
    expect(data.variesBy).toEqual(['https://schema.org/size']);
    expect(
      data.hasVariant.map((variant) => [
        variant.sku,
        variant.size,
        variant.offers.price,
        variant.offers.priceCurrency,
        variant.offers.availability,
      ]),
    ).toEqual([
      ['tshirt-s', 'S', '25.00', 'USD', 'https://schema.org/InStock'],
      ['tshirt-m', 'M', '25.00', 'USD', 'https://schema.org/OutOfStock'],
      ['tshirt-l', 'L', '25.00', 'USD', 'https://schema.org/InStock'],
    ]);
    expect(textByTestId(body, 'price')).toBe('$25.00');
    expect(body).toMatch(/<option value="tshirt-m" disabled>M - Out of stock<\/option>/);
  });

  it('describe a single-variant product as a Product with one Offer, and can carry microdata as well', async () => {
    const { body } = await page('/products/mug');
    const [data] = jsonLdBlocks(body) as [{ '@type': string; sku: string; offers: Offer }];
    expect(data['@type']).toBe('Product');
    expect(data.offers).toMatchObject({
      sku: 'mug',
      price: '12.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    });
    expect(body).toContain('itemtype="https://schema.org/Product"');
    expect(body).toMatch(/itemprop="price" content="12\.00"/);
    expect(body).toMatch(/<link itemprop="availability" href="https:\/\/schema\.org\/InStock">/);
    expect(textByTestId(body, 'price')).toBe('$12.00');
  });

  it('mark a sold-out product OutOfStock and disable its add-to-cart button', async () => {
    const { body } = await page('/products/desk-lamp');
    const [data] = jsonLdBlocks(body) as [{ offers: Offer }];
    expect(data.offers.availability).toBe('https://schema.org/OutOfStock');
    expect(textByTestId(body, 'availability')).toBe('Out of stock');
    expect(body).toMatch(
      /<button type="submit" id="add-to-cart" data-testid="add-to-cart" disabled>Out of stock<\/button>/,
    );
  });

  it('list the countries a product ships to', async () => {
    const { body } = await page('/products/battery-pack');
    const [data] = jsonLdBlocks(body) as [
      { offers: { shippingDetails: { shippingDestination: { addressCountry: string }[] } } },
    ];
    expect(data.offers.shippingDetails.shippingDestination.map((region) => region.addressCountry)).toEqual(['US']);
  });

  it('show the listed price on the page even for a product whose price rises at review', async () => {
    const { body } = await page('/products/earbuds');
    const [data] = jsonLdBlocks(body) as [{ offers: Offer }];
    expect(data.offers.price).toBe('49.00');
    expect(textByTestId(body, 'price')).toBe('$49.00');
  });

  it('point every page at the agentic-checkout discovery document', async () => {
    for (const url of ['/', '/products/mug', '/cart']) {
      expect(linkHref((await page(url)).body, 'agentic-checkout')).toBe(`${shop.url}/.well-known/acp.json`);
    }
    const discovery = await fetch(`${shop.url}/.well-known/acp.json`);
    expect(discovery.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(await discovery.json()).toMatchObject({
      protocol: { name: 'acp', supported_versions: expect.arrayContaining(['2025-09-29', '2026-01-16']) },
      api_base_url: shop.url,
      transports: ['rest'],
      capabilities: { services: ['checkout', 'delegate_payment'] },
    });
  });

  it('let a client that knows only a product page find the API and buy the SKU it read there', async () => {
    const { body } = await page('/products/tshirt');
    const discoveryUrl = linkHref(body, 'agentic-checkout') ?? '';
    const { api_base_url: apiBase } = (await (await fetch(discoveryUrl)).json()) as { api_base_url: string };
    const [group] = jsonLdBlocks(body) as [{ hasVariant: Variant[] }];
    const large = group.hasVariant.find((variant) => variant.size === 'L');
    const created = await fetch(`${apiBase}/checkout_sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...acpHeaders() },
      body: JSON.stringify({ items: [{ id: large?.sku, quantity: 1 }] }),
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ line_items: [{ item: { id: 'tshirt-l' }, base_amount: 2500 }] });
  });

  it('answer 404 for an unknown product', async () => {
    const { status, body } = await page('/products/unicorn');
    expect(status).toBe(404);
    expect(hasTestId(body, 'not-found')).toBe(true);
  });
});
