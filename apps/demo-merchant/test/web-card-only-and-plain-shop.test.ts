import { type DemoMerchant } from '../src/index.js';
import { hasTestId, linkHref, textByTestId } from './support/html.js';
import { startShop } from './support/shop.js';
import { WebClient } from './support/web-client.js';

const CALIFORNIA = {
  name: 'Sam Shopper',
  email: 'sam@example.com',
  address1: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  postal_code: '94105',
  country: 'US',
};

let shop: DemoMerchant;
let browser: WebClient;

afterEach(() => shop.close());

const toPayment = async () => {
  await browser.post('/cart/items', { product: 'mug', sku: 'mug', quantity: '1' });
  await browser.submit('/checkout', CALIFORNIA);
};

const APPROVED_CARD = {
  card_name: 'Sam Shopper',
  card_number: '4242 4242 4242 4242',
  card_expiry: '12/34',
  card_cvc: '123',
};

describe('the web checkout takes typed cards only', () => {
  beforeEach(async () => {
    shop = await startShop();
    browser = new WebClient(shop.url);
  });

  it('shows the card form and no payment-token field, and a token sent anyway pays nothing', async () => {
    await toPayment();
    const payment = await browser.get('/checkout/payment');
    expect(hasTestId(payment.body, 'payment-form')).toBe(true);
    expect(payment.body).not.toMatch(/token/i);
    const sent = await browser.post('/checkout/payment', { payment_token: 'tok_test_approved' });
    expect(sent.status).toBe(400);
    expect(shop.state.paymentAttempts()).toEqual([]);
    expect(shop.state.orders()).toEqual([]);
  });

  it('records the logged-in account on a web order', async () => {
    await browser.post('/login', { email: 'shopper@example.com', password: 'demo-password' });
    await toPayment();
    await browser.submit('/checkout/payment', APPROVED_CARD);
    expect(shop.state.orders()).toEqual([expect.objectContaining({ account: 'shopper@example.com' })]);
  });
});

describe('the shop with its agentic-checkout API off', () => {
  beforeEach(async () => {
    shop = await startShop({ agenticCheckout: false });
    browser = new WebClient(shop.url);
  });

  it('links no discovery document and answers 404 for the API, while the web checkout works', async () => {
    const product = await browser.get('/products/mug');
    expect(product.status).toBe(200);
    expect(linkHref(product.body, 'agentic-checkout')).toBeUndefined();
    expect((await browser.get('/.well-known/acp.json')).status).toBe(404);
    expect((await browser.post('/checkout_sessions', {})).status).toBe(404);

    await toPayment();
    const confirmation = await browser.submit('/checkout/payment', APPROVED_CARD);
    expect(textByTestId(confirmation.body, 'order-number')).toBe('DM-001001');
  });
});
