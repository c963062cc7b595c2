import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type DemoMerchant } from '../src/index.js';
import { textByTestId } from './support/html.js';
import { startShop } from './support/shop.js';
import { WebClient } from './support/web-client.js';

const ADDRESS = {
  name: 'Sam Shopper',
  email: 'sam@example.com',
  phone: '',
  address1: '1 Market St',
  address2: '',
  city: 'San Francisco',
  state: 'CA',
  postal_code: '94105',
  country: 'US',
};
/** A card of the sandbox issuer's range (Luhn-valid). */
const VIRTUAL_CARD = {
  card_name: 'Sam Shopper',
  card_number: '4000 0099 0123 4560',
  card_expiry: '05/29',
  card_cvc: '321',
};

/**
 * The card network as the shop's processor sees it: it answers each ask as the issuer decided
 * (here: approve once, then `already_authorized`), and keeps what it was asked.
 */
let network: Server;
let networkUrl: string;
const asked: unknown[] = [];
beforeAll(async () => {
  network = createServer((request: IncomingMessage, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      asked.push(JSON.parse(body));
      const approved = asked.length === 1;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          authorizationId: `auth_${asked.length}`,
          approved,
          ...(approved ? {} : { declineCode: 'already_authorized' }),
        }),
      );
    });
  });
  await new Promise<void>((resolve) => network.listen(0, '127.0.0.1', resolve));
  const address = network.address();
  networkUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/sandbox/card-network/authorizations`;
});
afterAll(() => new Promise((resolve) => network.close(resolve)));

let shop: DemoMerchant;
let browser: WebClient;
afterEach(() => shop.close());

const payMug = async () => {
  await browser.post('/cart/items', { product: 'mug', sku: 'mug', quantity: '1' });
  await browser.submit('/checkout', ADDRESS);
  return browser.submit('/checkout/payment', VIRTUAL_CARD);
};

describe('the shop’s processor and the card network', () => {
  it('asks the network about a card of the issuer’s range and places the order only once it approves', async () => {
    shop = await startShop({ cardNetworkUrl: () => networkUrl });
    browser = new WebClient(shop.url);
    const confirmation = await payMug();
    expect(confirmation.path).toBe('/orders/DM-001001');
    expect(asked[0]).toEqual({
      card: { number: '4000009901234560', expMonth: 5, expYear: 2029, cvc: '321' },
      amount: { value: '18.86', currency: 'USD' },
      merchant: { name: 'Demo Merchant', url: `${shop.url}/` },
    });
    expect(shop.state.charged()).toEqual([
      expect.objectContaining({ amount: 1886, method: 'card', paymentId: 'auth_1' }),
    ]);

    const second = await payMug();
    expect(second.status).toBe(402);
    expect(textByTestId(second.body, 'payment-error')).toBe('Your card was declined.');
    expect(shop.state.orders()).toHaveLength(1);
  });

  it('declines a card of the issuer’s range when no network is configured, and keeps its test cards', async () => {
    shop = await startShop();
    browser = new WebClient(shop.url);
    const declined = await payMug();
    expect(declined.status).toBe(402);
    expect(shop.state.orders()).toEqual([]);
    const approved = await browser.submit('/checkout/payment', { ...VIRTUAL_CARD, card_number: '4242 4242 4242 4242' });
    expect(approved.path).toBe('/orders/DM-001001');
  });
});
