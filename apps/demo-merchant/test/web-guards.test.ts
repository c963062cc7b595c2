import { type DemoMerchant } from '../src/index.js';
import { hasTestId, textByTestId } from './support/html.js';
import { startShop } from './support/shop.js';
import { WebClient } from './support/web-client.js';

let shop: DemoMerchant;

beforeAll(async () => {
  shop = await startShop({ blockedPaths: ['/blocked', '/wholesale'], blockedUserAgents: ['BadBot'] });
});
afterAll(() => shop.close());

describe('hostile pages', () => {
  it('puts a human-verification wall after adding the limited sneakers, and nothing gets past it', async () => {
    const browser = new WebClient(shop.url);
    const added = await browser.post('/cart/items', {
      product: 'limited-sneakers',
      sku: 'limited-sneakers',
      quantity: '1',
    });
    expect(added).toMatchObject({ status: 303, location: '/verify?next=%2Fproducts%2Flimited-sneakers' });
    const wall = await browser.get(added.location ?? '');
    expect(wall.status).toBe(200);
    expect(hasTestId(wall.body, 'captcha')).toBe(true);
    expect(wall.body).toContain('<title>Verify you are human | Demo Merchant</title>');
    const attempt = await browser.post('/verify', { next: '/products/limited-sneakers', human: 'yes' });
    expect(attempt.status).toBe(403);
    expect(hasTestId(attempt.body, 'captcha-error')).toBe(true);
    expect(textByTestId((await browser.get('/cart')).body, 'cart-empty')).toBe('Your cart is empty.');
  });

  it('answers blocked paths with 403 and a block message', async () => {
    const browser = new WebClient(shop.url);
    for (const path of ['/blocked', '/wholesale/prices']) {
      const blocked = await browser.get(path);
      expect(blocked.status).toBe(403);
      expect(textByTestId(blocked.body, 'access-blocked')).toContain(
        "Access denied Your request was blocked by this site's security policy.",
      );
    }
    expect((await browser.get('/wholesaler')).status).toBe(404);
  });

  it('answers a blocked user agent with 403 on every page, the API included', async () => {
    const bot = new WebClient(shop.url, 'Mozilla/5.0 (compatible; BadBot/1.0)');
    expect((await bot.get('/products/mug')).status).toBe(403);
    expect((await bot.post('/cart/items', { product: 'mug', sku: 'mug', quantity: '1' })).status).toBe(403);
    const api = await fetch(`${shop.url}/checkout_sessions`, {
      method: 'POST',
      headers: { 'user-agent': 'badbot', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(api.status).toBe(403);
    expect((await new WebClient(shop.url).get('/products/mug')).status).toBe(200);
  });
});

describe('accounts', () => {
  it('logs in with email and password and shows who is logged in', async () => {
    const browser = new WebClient(shop.url);
    expect(hasTestId((await browser.get('/')).body, 'login-link')).toBe(true);
    const wrong = await browser.post('/login', { email: 'shopper@example.com', password: 'guess', next: '/' });
    expect(wrong.status).toBe(401);
    expect(hasTestId(wrong.body, 'login-error')).toBe(true);

    const home = await browser.submit('/login', {
      email: 'shopper@example.com',
      password: 'demo-password',
      next: '/cart',
    });
    expect(home.path).toBe('/cart');
    expect(textByTestId(home.body, 'account-status')).toBe('Logged in as Sam Shopper (shopper@example.com)');

    await browser.post('/cart/items', { product: 'mug', sku: 'mug', quantity: '1' });
    const checkout = await browser.get('/checkout');
    expect(checkout.body).toMatch(/id="name"[^>]*value="Sam Shopper"/);
    expect(checkout.body).toMatch(/id="email"[^>]*value="shopper@example.com"/);

    const loggedOut = await browser.submit('/logout', {});
    expect(hasTestId(loggedOut.body, 'login-link')).toBe(true);
  });

  it('keeps a login cookie valid for a restarted shop with the same seed, and ignores a forged one', async () => {
    const browser = new WebClient(shop.url);
    await browser.post('/login', { email: 'shopper@example.com', password: 'demo-password' });
    const loginCookie = browser.cookie('dm_account');
    expect(loginCookie).toBeDefined();

    const restarted = await startShop();
    try {
      const returning = new WebClient(restarted.url);
      returning.setCookie('dm_account', loginCookie ?? '');
      expect(textByTestId((await returning.get('/')).body, 'account-status')).toBe(
        'Logged in as Sam Shopper (shopper@example.com)',
      );

      const forger = new WebClient(restarted.url);
      forger.setCookie('dm_account', 'shopper@example.com');
      expect(hasTestId((await forger.get('/')).body, 'account-status')).toBe(false);
    } finally {
      await restarted.close();
    }
  });

  it('never sends a login to another site', async () => {
    const browser = new WebClient(shop.url);
    const result = await browser.post('/login', {
      email: 'shopper@example.com',
      password: 'demo-password',
      next: '//evil.example/',
    });
    expect(result).toMatchObject({ status: 303, location: '/' });
  });
});
