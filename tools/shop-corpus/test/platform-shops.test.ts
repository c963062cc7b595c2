import type { CardNetwork } from '../src/index.js';
import { type RunningShop, type ShopDefinition, startShop } from '../src/server/shop-server.js';
import type { PlatformSession } from '../src/shops/platform-kit.js';
import { fjordKnits } from '../src/shops/fjord-knits.js';
import { larchOutdoor } from '../src/shops/larch-outdoor.js';
import { maisonLin } from '../src/shops/maison-lin.js';
import { nordlichtHome } from '../src/shops/nordlicht-home.js';
import { ternCoffee } from '../src/shops/tern-coffee.js';
import { thymeTrowel } from '../src/shops/thyme-trowel.js';

/** A shopper's browser without the browser: one cookie jar, redirects followed by hand. */
const visitor = (origin: string) => {
  let cookie = '';
  const request = async (path: string, init: RequestInit = {}): Promise<{ status: number; text: string }> => {
    const response = await fetch(new URL(path, origin), {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) },
    });
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    const location = response.headers.get('location');
    if (response.status === 303 && location) return request(location);
    return { status: response.status, text: await response.text() };
  };
  return {
    get: (path: string) => request(path),
    post: (path: string, form: Record<string, string>) =>
      request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      }),
    /** As a browser posts a form with enctype="multipart/form-data" (the platforms' product forms). */
    postMultipart: (path: string, form: Record<string, string>) => {
      const body = new FormData();
      for (const [name, value] of Object.entries(form)) body.append(name, value);
      return request(path, { method: 'POST', body });
    },
    postJson: (path: string, body: unknown) =>
      request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
  };
};
type Visitor = ReturnType<typeof visitor>;

interface Card {
  readonly number: string;
  readonly month: string;
  readonly year: string;
  readonly cvc: string;
}
const year = new Date().getUTCFullYear() + 2;
const GOOD: Card = { number: '4242 4242 4242 4242', month: '11', year: String(year), cvc: '123' };
const BAD: Card = { ...GOOD, number: '4242 4242 4242 4241' };
const mmyy = (card: Card) => `${card.month} / ${card.year.slice(2)}`;

/** Each shop driven the way its own pages post: the product chosen, the steps before payment, the payment. */
interface Drive {
  readonly definition: ShopDefinition<PlatformSession>;
  readonly product: string;
  /** Markup the platform's product page is known by. */
  readonly productMarkup: RegExp;
  readonly sku: string;
  readonly totalCents: number;
  prepare(shopper: Visitor): Promise<void>;
  /** The page (or reply) the shopper sees after paying with the card. */
  pay(shopper: Visitor, card: Card): Promise<string>;
  readonly placed: RegExp;
}

const WOO_BILLING = {
  billing_first_name: 'Sam',
  billing_last_name: 'Rivera',
  billing_country: 'US',
  billing_address_1: '500 Howard St',
  billing_city: 'San Francisco',
  billing_state: 'CA',
  billing_postcode: '94105',
  billing_phone: '4155550123',
  billing_email: 'sam@example.com',
  payment_method: 'paykit_cc',
};

const DRIVES: readonly Drive[] = [
  {
    definition: fjordKnits,
    product: '/products/merino-rib-beanie',
    productMarkup: /<input type="radio"[^>]+name="Color-1"[\s\S]*class="visually-hidden label-unavailable"/,
    sku: 'FK-BEANIE-OCEAN',
    totalCents: 3400 + 600 + 247,
    prepare: async (shopper) => {
      expect((await shopper.post('/cart/add', { form_type: 'product', id: '44120002', quantity: '1' })).text).toContain(
        'Merino Rib Beanie - Ocean',
      );
      expect((await shopper.get('/checkouts/cn')).text).toMatch(/<iframe data-hosted-field="number"[^>]+sandbox=/);
    },
    pay: async (shopper, card) =>
      (
        await shopper.post('/checkouts/cn/pay', {
          email: 'sam@example.com',
          countryCode: 'US',
          firstName: 'Sam',
          lastName: 'Rivera',
          address1: '500 Howard St',
          city: 'San Francisco',
          zone: 'CA',
          postalCode: '94105',
          hosted_number: card.number,
          hosted_expiry: mmyy(card),
          hosted_cvc: card.cvc,
          name: 'Sam Rivera',
          billingSame: '1',
        })
      ).text,
    placed: /Order #1001/,
  },
  {
    definition: thymeTrowel,
    product: '/product/copper-watering-can/',
    productMarkup: /<select id="pa_size" name="attribute_pa_size"/,
    sku: 'TT-CAN-2L',
    totalCents: 4600 + 595 + 334,
    prepare: async (shopper) => {
      await shopper.postMultipart('/product/copper-watering-can/', {
        attribute_pa_size: '2-litres',
        quantity: '1',
        'add-to-cart': '412',
        product_id: '412',
        variation_id: '414',
      });
      expect((await shopper.get('/checkout/')).text).toMatch(/class="state_select select2-hidden-accessible"/);
      const review = JSON.parse((await shopper.post('/?wc-ajax=update_order_review', WOO_BILLING)).text) as {
        fragments: Record<string, string>;
      };
      expect(review.fragments['#order_review']).toContain('&#36;</span>55.29');
      const withoutTerms = await shopper.post('/?wc-ajax=checkout', WOO_BILLING);
      expect(withoutTerms.text).toContain('Please read and accept the terms and conditions');
    },
    pay: async (shopper, card) => {
      const reply = JSON.parse(
        (
          await shopper.post('/?wc-ajax=checkout', {
            ...WOO_BILLING,
            'paykit_cc-card-number': card.number,
            'paykit_cc-card-expiry': mmyy(card),
            'paykit_cc-card-cvc': card.cvc,
            terms: 'on',
            'terms-field': '1',
          })
        ).text,
      ) as { result: string; redirect?: string; messages?: string };
      return reply.redirect ? (await shopper.get(reply.redirect)).text : String(reply.messages);
    },
    placed: /Order number: <strong>2301<\/strong>/,
  },
  {
    definition: larchOutdoor,
    product: '/juno-hiking-jacket.html',
    productMarkup: /<div class="swatch-option color"[^>]+aria-label="Blue" role="option"/,
    sku: 'LO-JUNO-BLUE-M',
    totalCents: 7900 + 500 + 652,
    prepare: async (shopper) => {
      await shopper.post('/checkout/cart/add/', {
        product: '1380',
        'super_attribute[93]': '50',
        'super_attribute[144]': '168',
        qty: '1',
      });
      expect((await shopper.get('/checkout/')).text).toMatch(/id="checkout-loader"[^>]+class="loading-mask"/);
      const shipping = await shopper.postJson('/rest/default/V1/guest-carts/mine/shipping-information', {
        addressInformation: {
          shipping_address: {
            email: 'sam@example.com',
            firstname: 'Sam',
            lastname: 'Rivera',
            street: ['500 Howard St'],
            city: 'San Francisco',
            region_id: '5',
            postcode: '94105',
            country_id: 'US',
            telephone: '4155550123',
          },
          shipping_method_code: 'flatrate',
        },
      });
      expect(JSON.parse(shipping.text)).toMatchObject({ totals: { total: '90.52' } });
    },
    pay: async (shopper, card) => {
      const reply = await shopper.postJson('/rest/default/V1/guest-carts/mine/payment-information', {
        paymentMethod: {
          method: 'paykit_cc',
          additional_data: {
            cc_number: card.number,
            cc_exp_month: card.month,
            cc_exp_year: card.year,
            cc_cid: card.cvc,
          },
        },
      });
      return reply.status === 200 ? (await shopper.get('/checkout/onepage/success/')).text : reply.text;
    },
    placed: /Your order # is: <span>000000001<\/span>/,
  },
  {
    definition: ternCoffee,
    product: '/gooseneck-pour-over-kettle/',
    productMarkup: /<input class="form-radio" type="radio" name="attribute\[114\]"[^>]+aria-label="Brushed Steel"/,
    sku: 'TC-KETTLE-BRUSHED-STEEL',
    totalCents: 5900 + 899 + 354,
    prepare: async (shopper) => {
      await shopper.postMultipart('/cart.php', {
        action: 'add',
        product_id: '77',
        'attribute[114]': '102',
        'qty[]': '1',
      });
    },
    pay: async (shopper, card) =>
      (
        await shopper.post('/checkout/pay', {
          email: 'sam@example.com',
          firstName: 'Sam',
          lastName: 'Rivera',
          address1: '500 Howard St',
          city: 'San Francisco',
          countryCode: 'US',
          stateOrProvinceCode: 'CA',
          postalCode: '94105',
          billingSameAsShipping: 'true',
          paymentProviderRadio: 'paykit',
          ccNumber: card.number,
          ccExpiry: mmyy(card),
          ccName: 'Sam Rivera',
          ccCvv: card.cvc,
        })
      ).text,
    placed: /Your order number is <strong>152<\/strong>/,
  },
  {
    definition: maisonLin,
    product: '/home/19-linen-tea-towel.html',
    productMarkup: /<input class="input-color" type="radio"[^>]+name="group\[2\]"/,
    sku: 'ML-TOWEL-SAGE-L',
    totalCents: 1900 + 700,
    prepare: async (shopper) => {
      await shopper.post('/cart', { id_product: '19', 'group[1]': '3', 'group[2]': '8', qty: '1' });
      const unticked = await shopper.post('/order', { firstname: 'Sam', lastname: 'Rivera', email: 'sam@example.com' });
      expect(unticked.text).toContain('Please accept the customer data privacy conditions.');
      await shopper.post('/order', { firstname: 'Sam', lastname: 'Rivera', email: 'sam@example.com', psgdpr: '1' });
      await shopper.post('/order', {
        address1: '500 Howard St',
        city: 'San Francisco',
        id_state: '5',
        postcode: '94105',
        id_country: '21',
      });
      const payment = await shopper.post('/order', { 'delivery_option[7]': '2,', confirmDeliveryOption: '1' });
      expect(payment.text).toMatch(/<select id="cardType" name="cardType"/);
      const wrongType = await shopper.post('/module/ps_paykitcard/validation', {
        cardType: 'mastercard',
        cardholderName: 'Sam Rivera',
        cardNumber: GOOD.number,
        expiryMonth: GOOD.month,
        expiryYear: GOOD.year,
        cvv: GOOD.cvc,
        'conditions_to_approve[terms-and-conditions]': '1',
      });
      expect(wrongType.text).toContain('The card type does not match the card number.');
    },
    pay: async (shopper, card) =>
      (
        await shopper.post('/module/ps_paykitcard/validation', {
          cardType: 'visa',
          cardholderName: 'Sam Rivera',
          cardNumber: card.number,
          expiryMonth: card.month,
          expiryYear: card.year,
          cvv: card.cvc,
          'conditions_to_approve[terms-and-conditions]': '1',
        })
      ).text,
    placed: /Order reference: KXQWMBRLA/,
  },
  {
    definition: nordlichtHome,
    product: '/Wool-Throw-Blanket/SW10001.1',
    productMarkup: /<input type="radio" class="product-detail-configurator-option-input is-combinable"/,
    sku: 'SW10001.2',
    totalCents: 8995 + 499,
    prepare: async (shopper) => {
      expect((await shopper.get('/detail/switch?colour=1')).text).toContain('SW10001.2');
      await shopper.post('/checkout/line-item/add', {
        'lineItems[0190a1c3f3][id]': '0190a1c3f3',
        'lineItems[0190a1c3f3][quantity]': '1',
        'lineItems[0190a1c3f3][type]': 'product',
      });
      await shopper.post('/checkout/register', {
        salutationId: 'ns',
        firstName: 'Sam',
        lastName: 'Rivera',
        guest: '1',
        email: 'sam@example.com',
        'billingAddress[street]': '500 Howard St',
        'billingAddress[zipcode]': '94105',
        'billingAddress[city]': 'San Francisco',
        'billingAddress[countryId]': 'us',
        'billingAddress[countryStateId]': 'California',
      });
    },
    pay: async (shopper, card) =>
      (
        await shopper.post('/checkout/order', {
          tos: 'on',
          paymentMethodId: 'card',
          'paykitCard[number]': card.number,
          'paykitCard[expiry]': `${card.month}/${card.year.slice(2)}`,
          'paykitCard[cvc]': card.cvc,
        })
      ).text,
    placed: /Your order number: #10001/,
  },
];

/** A card network that approves every authorization and records what it was asked. */
const approvingNetwork = () => {
  const asked: Parameters<CardNetwork>[0][] = [];
  const network: CardNetwork = (request) => {
    asked.push(request);
    return Promise.resolve({ kind: 'approved', authorizationId: `auth_${asked.length}` });
  };
  return { asked, network };
};

describe.each(DRIVES)('the platform shop $definition.id', (drive) => {
  let shop: RunningShop;
  let asked: Parameters<CardNetwork>[0][];

  beforeEach(async () => {
    const approving = approvingNetwork();
    asked = approving.asked;
    shop = await startShop(drive.definition, { cardNetwork: approving.network });
  });
  afterEach(() => shop.close());

  it('serves its product page in the platform markup', async () => {
    const page = await visitor(shop.url).get(drive.product);
    expect(page.status).toBe(200);
    expect(page.text).toMatch(drive.productMarkup);
  });

  it('refuses a card that fails the card checks, then places the order for a good card as its form posts it', async () => {
    const shopper = visitor(shop.url);
    await drive.prepare(shopper);
    expect(await drive.pay(shopper, BAD)).toContain('The card number is not valid.');
    expect(shop.orders.orders()).toEqual([]);
    expect(asked).toEqual([]);

    expect(await drive.pay(shopper, GOOD)).toMatch(drive.placed);
    expect(shop.orders.orders()).toEqual([
      expect.objectContaining({
        totalCents: drive.totalCents,
        lines: [expect.objectContaining({ sku: drive.sku, quantity: 1 })],
      }),
    ]);
    expect(asked).toEqual([
      expect.objectContaining({
        amountCents: drive.totalCents,
        card: expect.objectContaining({ number: '4242424242424242' }),
      }),
    ]);
  });
});

describe('the Shopify imitation', () => {
  it('serves each card field from its processor origin, not the shop origin', async () => {
    const shop = await startShop(fjordKnits, { cardNetwork: approvingNetwork().network });
    try {
      const processor = shop.hosts.find((host) => host !== new URL(shop.url).host);
      expect(processor).toBeDefined();
      for (const field of ['number', 'expiry', 'cvc']) {
        const frame = await fetch(`http://${processor}/fields/${field}`);
        expect(frame.status).toBe(200);
        expect(await frame.text()).toMatch(/<input id="f"/);
      }
    } finally {
      await shop.close();
    }
  });
});
