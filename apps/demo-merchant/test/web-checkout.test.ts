import { type DemoMerchant } from '../src/index.js';
import { hasTestId, textByTestId } from './support/html.js';
import { startShop } from './support/shop.js';
import { WebClient } from './support/web-client.js';

const CALIFORNIA = {
  name: 'Sam Shopper',
  email: 'sam@example.com',
  phone: '+14155550100',
  address1: '1 Market St',
  address2: '',
  city: 'San Francisco',
  state: 'CA',
  postal_code: '94105',
  country: 'US',
};
const APPROVED_CARD = {
  card_name: 'Sam Shopper',
  card_number: '4242 4242 4242 4242',
  card_expiry: '12/30',
  card_cvc: '123',
};
const DECLINED_CARD = { ...APPROVED_CARD, card_number: '4000000000000002' };

let shop: DemoMerchant;
let browser: WebClient;

beforeEach(async () => {
  shop = await startShop();
  browser = new WebClient(shop.url);
});
afterEach(() => shop.close());

/** Adds one product to the cart and fills the checkout form; returns the review page. */
const toReview = async (product: string, sku: string, address = CALIFORNIA) => {
  const added = await browser.post('/cart/items', { product, sku, quantity: '1' });
  expect(added).toMatchObject({ status: 303, location: '/cart' });
  const review = await browser.submit('/checkout', address);
  expect(review.path).toBe('/checkout/review');
  return review;
};

describe('the web checkout', () => {
  it('goes from cart to checkout, review, payment and a confirmation with the order number and total', async () => {
    expect((await browser.get('/products/mug')).status).toBe(200);
    await browser.post('/cart/items', { product: 'mug', sku: 'mug', quantity: '1' });
    const cart = await browser.get('/cart');
    expect(textByTestId(cart.body, 'cart-subtotal')).toBe('$12.00');
    expect(textByTestId(cart.body, 'cart-link')).toBe('Cart (1)');
    expect((await browser.get('/checkout')).status).toBe(200);

    const review = await browser.submit('/checkout', CALIFORNIA);
    expect(review.status).toBe(200);
    expect(textByTestId(review.body, 'subtotal')).toBe('$12.00');
    expect(textByTestId(review.body, 'shipping')).toBe('$5.99');
    expect(textByTestId(review.body, 'tax')).toBe('$0.87');
    expect(textByTestId(review.body, 'total')).toBe('$18.86');
    expect(hasTestId(review.body, 'continue-to-payment')).toBe(true);

    const payment = await browser.get('/checkout/payment');
    expect(textByTestId(payment.body, 'amount-due')).toBe('$18.86');
    expect(shop.state.orders()).toEqual([]);

    const confirmation = await browser.submit('/checkout/payment', APPROVED_CARD);
    expect(confirmation.path).toBe('/orders/DM-001001');
    expect(textByTestId(confirmation.body, 'order-number')).toBe('DM-001001');
    expect(textByTestId(confirmation.body, 'order-total')).toBe('$18.86');
    expect(shop.state.orders()).toEqual([
      expect.objectContaining({
        number: 'DM-001001',
        channel: 'web',
        totals: expect.objectContaining({ total: 1886, tax: 87, fulfillment: 599 }),
      }),
    ]);
    expect(shop.state.charged()).toEqual([expect.objectContaining({ amount: 1886, method: 'card' })]);
    expect(textByTestId((await browser.get('/cart')).body, 'cart-empty')).toBe('Your cart is empty.');
  });

  it('lets the shopper choose express shipping on the review page', async () => {
    await toReview('mug', 'mug');
    const review = await browser.submit('/checkout/shipping', { shipping_option: 'express' });
    expect(textByTestId(review.body, 'shipping')).toBe('$14.99');
    expect(textByTestId(review.body, 'total')).toBe('$27.86');
  });

  it('shows the higher price at review for an item whose price changed, and charges that total', async () => {
    await browser.post('/cart/items', { product: 'earbuds', sku: 'earbuds', quantity: '1' });
    expect(textByTestId((await browser.get('/cart')).body, 'cart-subtotal')).toBe('$49.00');
    const review = await browser.submit('/checkout', CALIFORNIA);
    expect(textByTestId(review.body, 'price-change-notice')).toBe(
      'The price of Wireless Earbuds has changed from $49.00 to $54.00.',
    );
    // 54.00 + 5.99 + 3.92 (7.25% of 54.00 = 3.915, rounded half up)
    expect(textByTestId(review.body, 'total')).toBe('$63.91');
    const confirmation = await browser.submit('/checkout/payment', APPROVED_CARD);
    expect(textByTestId(confirmation.body, 'order-total')).toBe('$63.91');
  });

  it('shows a decline on the payment page and places no order', async () => {
    await toReview('mug', 'mug');
    const declined = await browser.post('/checkout/payment', DECLINED_CARD);
    expect(declined.status).toBe(402);
    expect(textByTestId(declined.body, 'payment-error')).toBe('Your card was declined.');
    expect(shop.state.orders()).toEqual([]);
    expect(shop.state.paymentAttempts()).toEqual([
      expect.objectContaining({ outcome: 'declined', method: 'card', amount: 1886 }),
    ]);
  });

  it('rejects a card number that fails the checksum without asking the processor', async () => {
    await toReview('mug', 'mug');
    const invalid = await browser.post('/checkout/payment', { ...APPROVED_CARD, card_number: '4242424242424241' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toContain('Your card number is invalid.');
    expect(shop.state.paymentAttempts()).toEqual([]);
  });

  it('will not take payment when an item cannot ship to the address', async () => {
    const review = await toReview('battery-pack', 'battery-pack', {
      ...CALIFORNIA,
      state: '',
      city: 'London',
      postal_code: 'SW1A 2AA',
      country: 'GB',
    });
    expect(textByTestId(review.body, 'fulfillment-error')).toBe('Lithium Battery Pack cannot be shipped to GB.');
    expect(textByTestId(review.body, 'shipping')).toBe('Unavailable');
    expect(hasTestId(review.body, 'continue-to-payment')).toBe(false);
    expect(await browser.post('/checkout/payment', APPROVED_CARD)).toMatchObject({
      status: 303,
      location: '/checkout/review',
    });
    expect(shop.state.paymentAttempts()).toEqual([]);
  });

  it('requires a size before adding a T-shirt and refuses a sold-out size', async () => {
    const noSize = await browser.post('/cart/items', { product: 'tshirt', sku: '', quantity: '1' });
    expect(noSize.status).toBe(400);
    expect(textByTestId(noSize.body, 'form-error')).toBe('Please select a size.');
    const soldOut = await browser.post('/cart/items', { product: 'tshirt', sku: 'tshirt-m', quantity: '1' });
    expect(soldOut.status).toBe(409);
    expect(textByTestId(soldOut.body, 'form-error')).toBe('Sorry, Classic T-Shirt in size M is out of stock.');
    expect(await browser.post('/cart/items', { product: 'tshirt', sku: 'tshirt-l', quantity: '1' })).toMatchObject({
      status: 303,
    });
    expect(textByTestId((await browser.get('/cart')).body, 'cart-items')).toContain('Classic T-Shirt (Size L)');
  });

  it('refuses to add a sold-out product', async () => {
    const result = await browser.post('/cart/items', { product: 'desk-lamp', sku: 'desk-lamp', quantity: '1' });
    expect(result.status).toBe(409);
    expect(textByTestId(result.body, 'form-error')).toBe('Sorry, Desk Lamp is out of stock.');
  });

  it('marks missing checkout fields and keeps what was typed', async () => {
    await browser.post('/cart/items', { product: 'mug', sku: 'mug', quantity: '1' });
    const result = await browser.post('/checkout', { ...CALIFORNIA, email: 'nope', state: '' });
    expect(result.status).toBe(400);
    expect(result.body).toMatch(/id="email"[^>]*value="nope"[^>]* aria-invalid="true"/);
    expect(result.body).toMatch(/id="state"[^>]* aria-invalid="true"/);
    expect(result.body).toContain('value="1 Market St"');
  });

  it('sends an empty cart back from checkout', async () => {
    expect(await browser.get('/checkout')).toMatchObject({ status: 303, location: '/cart' });
    expect(await browser.get('/checkout/review')).toMatchObject({ status: 303, location: '/cart' });
  });
});
