/* global fetch, process, console -- a Node 20 script */
// Seeds the real storefront through EverShop's own admin API: the store's settings (USD), a
// T-shirt in two colours and two sizes with stock, and a flat-rate shipping option for the US.
// Run by setup.sh against a started store: node seed.mjs <store url> <admin email> <admin password>
const [base, email, password] = process.argv.slice(2);
if (!base || !email || !password) throw new Error('usage: node seed.mjs <store url> <admin email> <admin password>');

const STORE_NAME = 'PayKit Test Outfitters';
const COLOURS = ['White', 'Black'];
const SIZES = ['SM', 'XL'];

let token = '';
const call = async (method, path, body) => {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(`${method} ${path}: HTTP ${response.status} ${JSON.stringify(json)}`);
  return json.data;
};
const graphql = async (query) => (await call('POST', '/admin/graphql', { query })) ?? {};

token = (await call('POST', '/user/tokens', { email, password })).accessToken;

await call('POST', '/settings', {
  storeName: STORE_NAME,
  storeCurrency: 'USD',
  storeCountry: 'US',
  storeLanguage: 'en',
});

const seedCatalogue = async () => {
  const { attributes } = await graphql(
    '{ attributes { items { attributeCode options { attributeOptionId optionText } } } }',
  );
  const optionId = (code, text) => {
    const option = attributes.items
      .find((attribute) => attribute.attributeCode === code)
      ?.options.find((candidate) => candidate.optionText === text);
    if (!option) throw new Error(`seed: the store has no ${code} option ${text}`);
    return Number(option.attributeOptionId);
  };

  const group = await call('POST', '/variantGroups', { attribute_codes: ['color', 'size'], attribute_group_id: 1 });
  for (const colour of COLOURS)
    for (const size of SIZES) {
      const slug = `${colour}-${size}`.toLowerCase();
      const product = await call('POST', '/products', {
        name: `Classic Cotton T-Shirt`,
        sku: `TSHIRT-${slug.toUpperCase()}`,
        url_key: `classic-cotton-t-shirt-${slug}`,
        price: 24,
        weight: 0.2,
        qty: 25,
        manage_stock: 1,
        stock_availability: 1,
        status: 1,
        visibility: colour === COLOURS[0] && size === SIZES[0] ? 1 : 0,
        group_id: 1,
        tax_class: 1,
        package_id: 1,
        description: [],
        attributes: [
          { attribute_code: 'color', value: String(optionId('color', colour)) },
          { attribute_code: 'size', value: String(optionId('size', size)) },
        ],
      });
      await call('POST', `/variantGroups/${group.uuid}/items`, { product_id: product.uuid });
    }
};

const seedShipping = async () => {
  const zone = await call('POST', '/shippingZones', { name: 'United States', countries: ['US'] });
  const method = await call('POST', '/shippingProviders/core/methods', { name: 'Standard Shipping', is_enabled: true });
  // A new zone comes with the store's own (core) shipping provider attached.
  await call('POST', '/shippingProviders/core/rates', {
    method_id: method.uuid,
    zone_id: zone.uuid,
    is_enabled: true,
    cost: 5,
  });
};

const { products } = await graphql(
  '{ products(filters: [{ key: "keyword", operation: eq, value: "T-Shirt" }]) { total } }',
);
if (!products?.total) await seedCatalogue();
const { shippingZones } = await graphql('{ shippingZones { name } }');
if (!shippingZones?.some((zone) => zone.name === 'United States')) await seedShipping();
console.log(`seed: ${COLOURS.length * SIZES.length} T-shirt variants and a $5 US shipping rate in ${STORE_NAME}`);
