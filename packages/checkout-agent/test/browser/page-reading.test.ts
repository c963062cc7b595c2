import { chromium, type Browser, type Page } from 'playwright-core';
import { accountInTask } from '../../src/browser/flow/login.js';
import { parseProxyList } from '../../src/browser/egress/proxy-list.js';
import { parseMoneyText } from '../../src/browser/page/money-text.js';
import { problemOfMessage } from '../../src/browser/page/page-problems.js';
import { readProducts } from '../../src/browser/page/product-reading.js';
import { checkPastOverlays } from '../../src/browser/page/overlays.js';
import { readTotals } from '../../src/browser/page/totals.js';
import { wallOf } from '../../src/browser/page/walls.js';
import { CHROMIUM_PATH, describeWithChromium } from './support/chromium.js';

describe('reading shop text', () => {
  it.each([
    ['$1,234.56', undefined, { amount: '1234.56', currency: 'USD' }],
    ['Total: $18.86', undefined, { amount: '18.86', currency: 'USD' }],
    ['12,00 €', undefined, { amount: '12.00', currency: 'EUR' }],
    ['1.234,5 EUR', undefined, { amount: '1234.5', currency: 'EUR' }],
    ['£7', undefined, { amount: '7', currency: 'GBP' }],
    ['54.00', 'usd', { amount: '54.00', currency: 'USD' }],
  ])('reads %s as an exact amount with its currency', (text, fallback, expected) => {
    expect(parseMoneyText(text, fallback)).toEqual(expected);
  });

  it('reads no amount from text without one, or without a currency to tell', () => {
    expect(parseMoneyText('Unavailable')).toBeNull();
    expect(parseMoneyText('54.00')).toBeNull();
  });

  it.each([
    ['Lithium Battery Pack cannot be shipped to GB.', 'merchant.fulfillment_unavailable'],
    ['We do not ship to JP.', 'merchant.fulfillment_unavailable'],
    ['Desk Lamp is out of stock.', 'product.item_unavailable'],
    ['Only 2 of Desk Lamp left in stock.', 'product.item_unavailable'],
    ['Your card was declined.', 'merchant.payment_declined'],
  ])('maps the message "%s" to %s', (message, code) => {
    expect(problemOfMessage(message)?.code).toBe(code);
  });

  it('maps messages of no known kind to nothing', () => {
    expect(problemOfMessage('Please correct the highlighted fields.')).toBeNull();
  });

  it('finds the account a task asks to log in with, and none otherwise', () => {
    expect(accountInTask('Buy a mug. Log in as sam@example.com first.')).toBe('sam@example.com');
    expect(accountInTask('Sign in with my account (ana@shop.test) and buy socks')).toBe('ana@shop.test');
    expect(accountInTask('Buy a mug and send it to sam@example.com')).toBeNull();
    expect(accountInTask(undefined)).toBeNull();
  });

  it('reads the egress proxy of each country and refuses malformed entries', () => {
    const proxies = parseProxyList(' us=http://proxy-us:3128 , DE=http://user:secret@proxy-de:8080 ');
    expect(Object.keys(proxies)).toEqual(['US', 'DE']);
    expect(proxies.DE?.port).toBe('8080');
    expect(parseProxyList('')).toEqual({});
    expect(() => parseProxyList('USA=http://proxy:3128')).toThrow(/country code/);
    expect(() => parseProxyList('US=socks5://proxy:1080')).toThrow(/http:\/\//);
    expect(() => parseProxyList('DE=http://user:secret@proxy-de:8080,US=nope')).not.toThrow(/secret/);
  });
});

describeWithChromium('reading static shop pages in Chromium', () => {
  let browser: Browser;
  let page: Page;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true });
    page = await browser.newPage();
  });
  afterAll(() => browser?.close());

  it('reads the totals from rows labelled Subtotal, Shipping, Tax and Total', async () => {
    await page.setContent(`<table><tr><td>Subtotal</td><td>€40,00</td></tr><tr><th>Delivery</th><td>€4,50</td></tr>
      <tr><th>VAT</th><td>€7,60</td></tr><tr><th>Total</th><td><b>€52,10</b></td></tr></table>`);
    expect(await readTotals(page, undefined)).toEqual({
      items: { amount: '40.00', currency: 'EUR' },
      shipping: { amount: '4.50', currency: 'EUR' },
      tax: { amount: '7.60', currency: 'EUR' },
      total: { amount: '52.10', currency: 'EUR' },
    });
  });

  it('ticks a script-drawn radio whose hidden input ignores clicks by clicking what is drawn, its label', async () => {
    // Radix's RadioGroupItem (EverShop's payment methods): a hidden input the page's script keeps as it was clicked.
    await page.setContent(`<label id="drawn"><button type="button" role="radio"></button>
      <input type="radio" id="pm" name="pm" aria-hidden="true" tabindex="-1" style="opacity:0"><span>Credit card</span></label>
      <script>
        const input = document.getElementById('pm');
        input.addEventListener('click', (event) => event.preventDefault());
        document.getElementById('drawn').addEventListener('click', (event) => {
          event.preventDefault();
          if (event.target !== input) input.checked = true;
        });
      </script>`);
    const radio = page.locator('#pm');
    await expect(radio.check({ force: true, timeout: 2_000 })).rejects.toThrow(/did not change its state/);
    await checkPastOverlays(page, radio);
    expect(await radio.isChecked()).toBe(true);
  });

  it('reads a total row that carries its label and a tax note as its last amount', async () => {
    // EverShop's grand-total row: "Total (Inclusive of tax $0.00) $29.00".
    await page.setContent(`<div class="summary__row grand-total"><div><div><span>Total</span></div>
      <div><span>(Inclusive of tax $0.00)</span></div></div><div><div></div><span>$29.00</span></div></div>`);
    expect((await readTotals(page, undefined)).total).toEqual({ amount: '29.00', currency: 'USD' });
  });

  it('reads a product from microdata only, and from the visible heading and price when there is no structured data', async () => {
    await page.setContent(`<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Tea Pot</h1><meta itemprop="sku" content="pot-1">
      <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="GBP">
      <span itemprop="price" content="30.00">£30</span><link itemprop="availability" href="https://schema.org/OutOfStock"></div></div>`);
    expect(await readProducts(page)).toEqual([
      {
        name: 'Tea Pot',
        hasVariants: false,
        variants: [{ sku: 'pot-1', size: null, price: { amount: '30.00', currency: 'GBP' }, inStock: false }],
      },
    ]);
    await page.setContent('<h1>Canvas Tote</h1><p class="price">$19.50</p>');
    expect(await readProducts(page)).toEqual([
      {
        name: 'Canvas Tote',
        hasVariants: false,
        variants: [{ sku: 'Canvas Tote', size: null, price: { amount: '19.50', currency: 'USD' }, inStock: null }],
      },
    ]);
  });

  it('recognises captcha widgets, access-denied pages and a 403, and not an ordinary page', async () => {
    await page.setContent('<h1>Checkout</h1><div class="g-recaptcha" style="width:300px;height:80px"></div>');
    expect(await wallOf(page, 200)).toBe('human_verification');
    await page.setContent('<title>Access denied</title><h1>Sorry</h1>');
    expect(await wallOf(page, 200)).toBe('access_blocked');
    await page.setContent('<h1>Hello</h1>');
    expect(await wallOf(page, 403)).toBe('access_blocked');
    expect(await wallOf(page, 200)).toBeNull();
  });
});
