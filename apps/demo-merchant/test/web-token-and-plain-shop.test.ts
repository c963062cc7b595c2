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

describe('paying the web checkout with a payment token', () => {
  beforeEach(async () => {
    shop = await startShop();
    browser = new WebClient(shop.url);
  });

  it('offers a token form next to the card form and places the order with the token', async () => {
    await toPayment();
    const payment = await browser.get('/checkout/payment');
    expect(hasTestId(payment.body, 'token-payment-form')).toBe(true);
    expect(payment.body).toMatch(/id="payment_token"[^>]*type="password"/);

    const confirmation = await browser.submit('/checkout/payment', {
      payment_token: 'tok_test_approved',
      payment_provider: 'paykit',
    });
    expect(textByTestId(confirmation.body, 'order-number')).toBe('DM-001001');
    expect(shop.state.charged()).toEqual([expect.objectContaining({ method: 'token', amount: 1886 })]);
    expect(confirmation.body).not.toContain('tok_test_approved');
  });

  it('shows a decline for a declined token and places no order', async () => {
    await toPayment();
    const declined = await browser.post('/checkout/payment', { payment_token: 'tok_decline_me' });
    expect(declined.status).toBe(402);
    expect(textByTestId(declined.body, 'payment-error')).toBe('The card behind this payment token was declined.');
    expect(declined.body).not.toContain('tok_decline_me');
    expect(shop.state.orders()).toEqual([]);
  });

  it('refuses an empty token before asking the processor', async () => {
    await toPayment();
    const empty = await browser.post('/checkout/payment', { payment_token: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatch(/id="payment_token"[^>]* aria-invalid="true"/);
    expect(shop.state.paymentAttempts()).toEqual([]);
  });

  it('records the logged-in account on a web order', async () => {
    await browser.post('/login', { email: 'shopper@example.com', password: 'demo-password' });
    await toPayment();
    await browser.submit('/checkout/payment', { payment_token: 'tok_test_approved' });
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
    const confirmation = await browser.submit('/checkout/payment', { payment_token: 'tok_test_approved' });
    expect(textByTestId(confirmation.body, 'order-number')).toBe('DM-001001');
  });
});
