import { type CardFormStyle, cardFormFields, payByCardForm } from '../server/card-form.js';
import { Cart } from '../server/cart.js';
import { dollars, esc, taxOn } from '../server/html.js';
import { US_STATES, filled } from '../server/places.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';

/** The shop's own card form (docs/adr/0245). */
const CARD: CardFormStyle = {
  prefix: 'cc_',
  expiry: { kind: 'selects', months: 'numbers', yearDigits: 4 },
  autocomplete: true,
  cardType: true,
};

interface Session {
  readonly cart: Cart;
  address?: Record<string, string>;
  method?: (typeof METHODS)[number];
}

const ITEMS = [
  { slug: 'usb-c-hub', sku: 'BB-HUB7', name: '7-in-1 USB-C Hub', sale: 3999, regular: 5999 },
  { slug: 'hdmi-cable', sku: 'BB-HDMI2', name: 'HDMI 2.1 Cable, 2 m', sale: 1299, regular: 1299 },
  { slug: 'laptop-stand', sku: 'BB-STAND', name: 'Aluminium Laptop Stand', sale: 2999, regular: 3499 },
] as const;
const METHODS = [
  { id: 'eco', label: 'Economy (5-8 business days)', cents: 0 },
  { id: 'std', label: 'Standard (3-4 business days)', cents: 499 },
] as const;
const TAX_BP = 900;

const page = (
  title: string,
  body: string,
) => `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)} - Byte Bazaar</title>
<style>body{font-family:Tahoma,sans-serif;margin:0}.nav{background:#0f4c81;color:#fff;padding:8px 24px}.nav a{color:#fff}.main{padding:16px 24px}.tile{border:1px solid #ccc;padding:10px;margin:8px;display:inline-block;width:220px}
.sale{color:#c00;font-weight:bold}.reg{color:#777;text-decoration:line-through}</style></head><body><div class="nav"><a href="/">Byte Bazaar</a> | <a href="/cart">Cart</a></div><div class="main">${body}</div></body></html>`;

const totals = (session: Session) => {
  const items = session.cart.subtotalCents;
  const shipping = session.method?.cents ?? 0;
  const tax = taxOn(items, TAX_BP);
  return { items, shipping, tax, total: items + shipping + tax };
};

export const byteBazaar: ShopDefinition<Session> = {
  id: 'byte-bazaar',
  name: 'Byte Bazaar',
  hard: 'Written after the strategy (held out): the run starts on a category page listing several products, the task names one; no structured data, a sale price in red beside a struck-through regular price; "Proceed to secure checkout"; three steps (shipping address with "First Name*" labels, delivery method with a free economy option, payment and review on one page); "Complete order"; the order number in the heading.',
  cookie: 'bbz',
  orderBook: { currency: 'USD', numberFor: (n) => `55-${1041 + n}` },
  newSession: () => ({ cart: new Cart() }),
  routes: ({ orders }): Route<Session>[] => [
    {
      method: 'GET',
      path: '/c/accessories',
      handle: () => ({
        html: page(
          'Accessories',
          `<h1>Accessories</h1>${ITEMS.map((item) => `<div class="tile"><a href="/p/${item.slug}">${esc(item.name)}</a><br><span class="sale">${dollars(item.sale)}</span></div>`).join('')}`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/p/:slug',
      handle: ({ params }) => {
        const item = ITEMS.find((candidate) => candidate.slug === params.slug);
        if (!item) return { status: 404, html: page('Not found', '<p>Not found</p>') };
        return {
          html: page(
            item.name,
            `<h1>${esc(item.name)}</h1><div>${item.regular !== item.sale ? `<span class="reg">Regular ${dollars(item.regular)}</span> ` : ''}<span class="sale">Sale ${dollars(item.sale)}</span></div>
<form method="post" action="/cart"><input type="hidden" name="sku" value="${item.sku}"><button type="submit">Add to Cart</button></form>`,
          ),
        };
      },
    },
    {
      method: 'POST',
      path: '/cart',
      handle: ({ form, session }) => {
        const item = ITEMS.find((candidate) => candidate.sku === form.get('sku'));
        if (item) session.cart.add({ sku: item.sku, name: item.name, quantity: 1, unitCents: item.sale });
        return { redirect: '/cart' };
      },
    },
    {
      method: 'GET',
      path: '/cart',
      handle: ({ session }) => ({
        html: page(
          'Cart',
          `<h1>Shopping Cart</h1>${session.cart.lines.map((line) => `<p>${esc(line.name)} <input value="${line.quantity}" size="2" aria-label="Quantity"> ${dollars(line.unitCents)}</p>`).join('')}<p><a href="/checkout/shipping">Proceed to secure checkout</a></p>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/checkout/shipping',
      handle: () => ({
        html: page(
          'Shipping',
          `<h1>Shipping address</h1><form method="post" action="/checkout/shipping">
<p><label for="fn">First Name*</label><input id="fn" name="fn"> <label for="ln">Last Name*</label><input id="ln" name="ln"></p>
<p><label for="em">Email*</label><input id="em" name="em"></p><p><label for="s1">Street Address*</label><input id="s1" name="s1"></p>
<p><label for="s2">Apt/Suite</label><input id="s2" name="s2"></p><p><label for="ct">City*</label><input id="ct" name="ct">
<label for="st">State*</label><select id="st" name="st"><option value="">Select</option>${US_STATES.map(([code, name]) => `<option value="${code}">${name}</option>`).join('')}</select>
<label for="zp">Zip Code*</label><input id="zp" name="zp"></p><p>Country: United States</p><button type="submit">Continue</button></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout/shipping',
      handle: ({ form, session }) => {
        if (!['fn', 'ln', 'em', 's1', 'ct', 'st', 'zp'].every((name) => filled(form.get(name))))
          return { redirect: '/checkout/shipping' };
        session.address = Object.fromEntries(form.entries());
        return { redirect: '/checkout/delivery' };
      },
    },
    {
      method: 'GET',
      path: '/checkout/delivery',
      handle: () => ({
        html: page(
          'Delivery',
          `<h1>Delivery method</h1><form method="post" action="/checkout/delivery">${METHODS.map((method, index) => `<p><label><input type="radio" name="dm" value="${method.id}"${index === 1 ? ' checked' : ''}> ${method.label} — ${method.cents === 0 ? 'FREE' : dollars(method.cents)}</label></p>`).join('')}<button type="submit">Continue</button></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout/delivery',
      handle: ({ form, session }) => {
        session.method = METHODS.find((method) => method.id === form.get('dm')) ?? METHODS[1];
        return { redirect: '/checkout/pay' };
      },
    },
    {
      method: 'GET',
      path: '/checkout/pay',
      handle: ({ session }) => {
        const t = totals(session);
        return {
          html: page(
            'Payment',
            `<h1>Payment &amp; review</h1><p>${session.cart.lines.map((line) => esc(line.name)).join(', ')}</p>
<table><tr><td>Subtotal</td><td>${dollars(t.items)}</td></tr><tr><td>Delivery</td><td>${dollars(t.shipping)}</td></tr><tr><td>Sales tax</td><td>${dollars(t.tax)}</td></tr><tr><td>Order Total</td><td>${dollars(t.total)}</td></tr></table>
<form method="post" action="/checkout/pay">${cardFormFields(CARD)}<button type="submit">Complete order</button></form>`,
          ),
        };
      },
    },
    {
      method: 'POST',
      path: '/checkout/pay',
      handle: async ({ form, session }) => {
        const paid = await payByCardForm(orders, form, CARD, {
          email: session.address?.em ?? '',
          lines: session.cart.lines,
          totalCents: totals(session).total,
        });
        if ('problem' in paid) return { redirect: '/checkout/pay' };
        session.cart.clear();
        return {
          html: page(
            'Order received',
            `<h1>Order ${paid.order.number} received</h1><p>We'll email tracking details.</p>`,
          ),
        };
      },
    },
  ],
};
