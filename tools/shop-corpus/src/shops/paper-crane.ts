import { type CardFormStyle, cardFormFields, payByCardForm } from '../server/card-form.js';
import { Cart } from '../server/cart.js';
import { decimal, esc, jsonLd, taxOn } from '../server/html.js';
import { filled } from '../server/places.js';
import type { HostedFields } from '../server/hosted-fields.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';

/** The shop's own card form (docs/adr/0245). */
/** The shop's own card form: its processor hosts number, expiry and CVC in frames (docs/adr/0245). */
const cardForm = (hosted: HostedFields | undefined): CardFormStyle => ({
  prefix: 'card-',
  expiry: { kind: 'one-field', placeholder: 'MM / YY' },
  autocomplete: false,
  nameOnCard: true,
  ...(hosted ? { hosted } : {}),
  formId: 'checkout',
});

interface Session {
  readonly cart: Cart;
  details?: Record<string, string>;
}

const CARDS = { name: 'Letterpress Greeting Card', sku: 'PC-CARD-LP', cents: 650 };
const POSTAGE = 300;
const TAX_BP = 800;
const usd = (cents: number) => `USD ${decimal(cents)}`;
const totalOf = (cart: Cart) => cart.subtotalCents + POSTAGE + taxOn(cart.subtotalCents, TAX_BP);

const page = (
  title: string,
  body: string,
  head = '',
) => `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)} / Paper Crane</title>${head}
<style>body{font-family:Baskerville,serif;margin:0;display:flex}main{flex:1;padding:30px}aside{width:260px;padding:30px;background:#f1ede4;position:sticky;top:0;height:100vh}</style></head><body>${body}</body></html>`;

export const paperCrane: ShopDefinition<Session> = {
  id: 'paper-crane',
  name: 'Paper Crane',
  hard: 'Held out (second batch). The product page has no quantity field (each click adds one), the quantity is changed in the cart with an "Update" button; the order total sits in a sticky sidebar as "Order total: USD 26.07"; "Place my order"; the card number, expiry and CVV each in a sandboxed frame of the payment processor\'s origin (values posted to the page on submit), the name on card in the page.',
  cookie: 'crane',
  orderBook: { currency: 'USD', numberFor: (n) => `C-${8800 + n}` },
  newSession: () => ({ cart: new Cart() }),
  hostedFields: true,
  routes: ({ orders, hostedFields }): Route<Session>[] => {
    const CARD = cardForm(hostedFields);
    return [
      {
        method: 'GET',
        path: '/cards/letterpress',
        handle: () => ({
          html: page(
            CARDS.name,
            `<main><h1>${CARDS.name}</h1><p>Blank inside, with a kraft envelope.</p><p>${usd(CARDS.cents)}</p><form method="post" action="/cart/add"><button>Add to cart</button></form></main>`,
            jsonLd({
              '@context': 'https://schema.org',
              '@type': 'Product',
              name: CARDS.name,
              sku: CARDS.sku,
              offers: {
                '@type': 'Offer',
                price: decimal(CARDS.cents),
                priceCurrency: 'USD',
                availability: 'https://schema.org/InStock',
              },
            }),
          ),
        }),
      },
      {
        method: 'POST',
        path: '/cart/add',
        handle: ({ session }) => {
          session.cart.add({ sku: CARDS.sku, name: CARDS.name, quantity: 1, unitCents: CARDS.cents });
          return { redirect: '/cart' };
        },
      },
      {
        method: 'GET',
        path: '/cart',
        handle: ({ session }) => ({
          html: page(
            'Cart',
            `<main><h1>Your cart</h1><form method="post" action="/cart/update">${session.cart.lines.map((line) => `<p>${esc(line.name)} <label>Qty <input name="qty" type="number" min="1" value="${line.quantity}"></label></p>`).join('')}<button type="submit">Update</button></form>
<p><a href="/checkout">Check out</a></p></main><aside>Subtotal: ${usd(session.cart.subtotalCents)}</aside>`,
          ),
        }),
      },
      {
        method: 'POST',
        path: '/cart/update',
        handle: ({ form, session }) => {
          const qty = Number(form.get('qty') ?? '1');
          if (qty >= 1 && session.cart.lines[0]) session.cart.lines = [{ ...session.cart.lines[0], quantity: qty }];
          return { redirect: '/cart' };
        },
      },
      {
        method: 'GET',
        path: '/checkout',
        handle: ({ session }) => ({
          html: page(
            'Checkout',
            `<main><h1>Checkout</h1><form method="post" action="/checkout" id="checkout"><p><label>Name <input name="name" autocomplete="name" required></label></p><p><label>Email <input name="email" type="email" required></label></p>
<p><label>Address <input name="addr" autocomplete="street-address" required></label></p><p><label>City <input name="city" autocomplete="address-level2" required></label> <label>State <input name="state" autocomplete="address-level1" required></label> <label>ZIP <input name="zip" autocomplete="postal-code" required></label></p>
${cardFormFields(CARD)}<button type="submit">Place my order</button></form></main>
<aside><p>${session.cart.count} cards</p><p>Postage: ${usd(POSTAGE)}</p><p>Tax: ${usd(taxOn(session.cart.subtotalCents, TAX_BP))}</p><p><b>Order total: ${usd(totalOf(session.cart))}</b></p></aside>`,
          ),
        }),
      },
      {
        method: 'POST',
        path: '/checkout',
        handle: async ({ form, session }) => {
          if (!['name', 'email', 'addr', 'city', 'state', 'zip'].every((name) => filled(form.get(name))))
            return { redirect: '/checkout' };
          const paid = await payByCardForm(orders, form, CARD, {
            email: form.get('email') ?? '',
            lines: session.cart.lines,
            totalCents: totalOf(session.cart),
          });
          if ('problem' in paid) return { redirect: '/checkout' };
          session.cart.clear();
          return {
            html: page(
              'Thanks',
              `<main><h1>Thank you!</h1><p>We have your order (${paid.order.number}) and will post it tomorrow.</p></main>`,
            ),
          };
        },
      },
    ];
  },
};
