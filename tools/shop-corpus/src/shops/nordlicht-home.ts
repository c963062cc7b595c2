import { esc, jsonLd } from '../server/html.js';
import { US_STATES, filled } from '../server/places.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';
import {
  type PlatformProduct,
  type PlatformSession,
  addVariant,
  newPlatformSession,
  payWithPlatformCard,
  stateOptions,
  totalsOf,
} from './platform-kit.js';

/** Shopware 6 storefront: the variant configurator that reloads the page, then register (guest) and confirm. */
const THROW: PlatformProduct = {
  name: 'Wool Throw Blanket',
  variants: [
    { sku: 'SW10001.1', label: 'Grey', cents: 8995 },
    { sku: 'SW10001.2', label: 'Mustard', cents: 8995 },
  ],
};
const LINE_IDS = ['0190a1c3f2', '0190a1c3f3'];
const CHARGES = { shippingCents: 499, taxBasisPoints: 0 };
const euro = (cents: number) => `€${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}*`;

const layout = (
  title: string,
  body: string,
  head = '',
) => `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${esc(title)} | Nordlicht Home</title>${head}
<style>body{font-family:Inter,sans-serif;margin:0;color:#4a545b}.container{max-width:1000px;margin:0 auto;padding:20px}.product-detail-configurator-option-input{position:absolute;opacity:0}.product-detail-configurator-option-label{display:inline-block;border:1px solid #798490;padding:6px 12px;margin-right:6px;cursor:pointer}
.product-detail-configurator-option-input:checked+.product-detail-configurator-option-label{border-color:#0042a0;color:#0042a0}.btn-primary{background:#0042a0;color:#fff;border:0;padding:10px 20px;cursor:pointer}.alert-danger{color:#c2000f}.form-group{margin:6px 0}.form-label{display:block}</style></head>
<body class="is-ctl-${esc(title.toLowerCase().replace(/\W+/g, ''))}"><header class="header-main"><a class="header-logo-main-link" href="/">Nordlicht Home</a> <a class="btn header-cart" href="/checkout/cart" title="Shopping cart">Shopping cart</a></header><main class="content-main"><div class="container">${body}</div></main>
<footer><p class="footer-vat">* All prices incl. VAT plus shipping costs and possible delivery charges, if not stated otherwise.</p></footer></body></html>`;

const productPage = (index: number) => {
  const variant = THROW.variants[index]!;
  return `<div class="product-detail" itemscope itemtype="https://schema.org/Product"><h1 class="product-detail-name" itemprop="name">${esc(THROW.name)}</h1>
<div class="product-detail-price-container"><p class="product-detail-price">${euro(variant.cents)}</p><p class="product-detail-tax-container"><a class="product-detail-tax-link" href="#">Prices incl. VAT plus shipping costs</a></p></div>
<div class="product-detail-ordernumber-container"><span class="product-detail-ordernumber-label">Product number:</span> <span class="product-detail-ordernumber" itemprop="sku">${variant.sku}</span></div>
<div class="product-detail-configurator"><form class="product-detail-configurator-form" action="/detail/switch" method="get"><div class="product-detail-configurator-group"><div class="product-detail-configurator-group-title">Colour</div><div class="product-detail-configurator-options">
${THROW.variants.map((candidate, at) => `<div class="product-detail-configurator-option"><input type="radio" class="product-detail-configurator-option-input is-combinable" title="colour-${candidate.label.toLowerCase()}" name="colour" value="${at}" id="colour-${candidate.label.toLowerCase()}"${at === index ? ' checked="checked"' : ''}><label class="product-detail-configurator-option-label is-display-text" title="${candidate.label}" for="colour-${candidate.label.toLowerCase()}">${candidate.label}</label></div>`).join('')}
</div></div></form></div>
<div class="product-detail-form-container"><form id="productDetailPageBuyProductForm" action="/checkout/line-item/add" method="post" class="buy-widget" data-add-to-cart="true"><div class="row g-2 buy-widget-container"><div class="col-4"><select name="lineItems[${LINE_IDS[index]}][quantity]" class="form-select product-detail-quantity-select" aria-label="Quantity">${[1, 2, 3, 4, 5].map((n) => `<option value="${n}">${n}</option>`).join('')}</select></div>
<input type="hidden" name="redirectTo" value="frontend.cart.offcanvas"><input type="hidden" name="lineItems[${LINE_IDS[index]}][id]" value="${LINE_IDS[index]}"><input type="hidden" name="lineItems[${LINE_IDS[index]}][type]" value="product"><input type="hidden" name="lineItems[${LINE_IDS[index]}][referencedId]" value="${LINE_IDS[index]}">
<div class="col-8"><button class="btn btn-primary btn-buy" title="Add to shopping cart" aria-label="Add to shopping cart">Add to shopping cart</button></div></div></form></div></div>
<script>document.querySelectorAll('.product-detail-configurator-option-input').forEach((input) => input.addEventListener('change', () => { document.body.style.opacity = '0.5'; setTimeout(() => input.form.submit(), 400); }));</script>`;
};

const group = (name: string, label: string, autocomplete: string, type = 'text') =>
  `<div class="form-group"><label class="form-label" for="${name.replace(/\W/g, '')}">${label}*</label><input type="${type}" class="form-control" id="${name.replace(/\W/g, '')}" name="${name}" autocomplete="${autocomplete}" required></div>`;

const registerPage = (
  error: string,
) => `<h1>Checkout</h1>${error ? `<div class="alert alert-danger" role="alert">${esc(error)}</div>` : ''}<div class="register"><form action="/checkout/register" class="register-form" method="post"><div class="card register-personal"><div class="card-title">I am a new customer</div>
<div class="form-group"><label class="form-label" for="personalSalutation">Salutation</label><select id="personalSalutation" class="form-select" name="salutationId"><option value="ns" selected>Not specified</option><option value="mr">Mr.</option><option value="mrs">Mrs.</option></select></div>
${group('firstName', 'First name', 'given-name')}${group('lastName', 'Last name', 'family-name')}<div class="form-check register-guest-control"><input type="checkbox" class="form-check-input" id="personalGuest" name="guest" value="1" checked><label class="form-check-label" for="personalGuest">Do not create a customer account</label></div>${group('email', 'Email address', 'email', 'email')}</div>
<div class="card register-address"><div class="card-title">Your address</div>${group('billingAddress[street]', 'Street address', 'address-line1')}${group('billingAddress[zipcode]', 'Postal code', 'postal-code')}${group('billingAddress[city]', 'City', 'address-level2')}
<div class="form-group"><label class="form-label" for="billingAddressAddressCountry">Country*</label><select class="form-select country-select" id="billingAddressAddressCountry" name="billingAddress[countryId]" required><option disabled selected value="">Select country...</option><option value="de">Germany</option><option value="us">USA</option></select></div>
<div class="form-group d-none" id="billingAddressStateGroup"><label class="form-label" for="billingAddressAddressCountryState">State*</label><select class="form-select country-state-select" id="billingAddressAddressCountryState" name="billingAddress[countryStateId]"><option value="" selected>Select state...</option>${stateOptions('name')}</select></div></div>
<p class="register-required-info">Fields marked with asterisks (*) are required.</p><div class="register-submit"><button type="submit" class="btn btn-primary">Continue</button></div></form></div>
<script>const country = document.getElementById('billingAddressAddressCountry'); country.addEventListener('change', () => { const group = document.getElementById('billingAddressStateGroup'); group.classList.toggle('d-none', country.value !== 'us'); group.hidden = country.value !== 'us'; }); document.getElementById('billingAddressStateGroup').hidden = true;</script>`;

const confirmPage = (session: PlatformSession, error: string) => {
  const totals = totalsOf(session.cart, CHARGES);
  return `<h1 class="confirm-main-header">Complete order</h1>${error ? `<div class="alert alert-danger" role="alert"><div class="alert-content">${esc(error)}</div></div>` : ''}
<div class="confirm-tos"><div class="card checkout-card"><div class="card-title">Terms and conditions and cancellation policy</div><p>Please note our cancellation policy.</p><div class="form-check"><input type="checkbox" class="checkout-confirm-tos-checkbox form-check-input" required="required" id="tos" form="confirmOrderForm" name="tos"><label for="tos" class="checkout-confirm-tos-label custom-control-label">I have read and accepted the <a href="/widgets/cms/tos">general terms and conditions</a>.</label></div></div></div>
<div class="confirm-address"><p>${esc(session.details.firstName ?? '')} ${esc(session.details.lastName ?? '')}, ${esc(session.details['billingAddress[street]'] ?? '')}, ${esc(session.details['billingAddress[city]'] ?? '')}</p></div>
<form id="confirmOrderForm" action="/checkout/order" method="post"><div class="confirm-payment"><div class="card-title">Payment method</div><div class="payment-method"><input type="radio" id="paymentMethod1" name="paymentMethodId" value="card" class="form-check-input payment-method-input" checked><label class="form-check-label payment-method-label" for="paymentMethod1">Credit card</label>
<div class="payment-method-description"><div class="form-group"><label for="paykitCardNumber">Card number</label><input id="paykitCardNumber" name="paykitCard[number]" class="form-control" autocomplete="cc-number"></div><div class="form-group"><label for="paykitCardExpiry">Valid until (MM/YY)</label><input id="paykitCardExpiry" name="paykitCard[expiry]" class="form-control" autocomplete="cc-exp" placeholder="MM/YY"></div><div class="form-group"><label for="paykitCardCvc">Card verification code</label><input id="paykitCardCvc" name="paykitCard[cvc]" class="form-control" autocomplete="cc-csc"></div></div></div></div>
<div class="confirm-shipping"><div class="card-title">Shipping method</div><p>Standard ${euro(CHARGES.shippingCents)}</p></div></form>
<div class="checkout-aside-summary"><dl class="row checkout-aside-summary-list"><dt class="col-7 checkout-aside-summary-label">Subtotal</dt><dd class="col-5 checkout-aside-summary-value">${euro(totals.subtotal)}</dd><dt class="col-7 checkout-aside-summary-label">Shipping costs</dt><dd class="col-5 checkout-aside-summary-value">${euro(totals.shipping)}</dd>
<dt class="col-7 checkout-aside-summary-label checkout-aside-summary-total">Total</dt><dd class="col-5 checkout-aside-summary-value checkout-aside-summary-total">${euro(totals.total)}</dd></dl></div>
<div class="checkout-aside-action"><button id="confirmFormSubmit" class="btn btn-primary w-100" form="confirmOrderForm" type="submit">Submit order</button></div>`;
};

const REGISTER = [
  'firstName',
  'lastName',
  'email',
  'billingAddress[street]',
  'billingAddress[zipcode]',
  'billingAddress[city]',
];

export const nordlichtHome: ShopDefinition<PlatformSession> = {
  id: 'nordlicht-home',
  name: 'Nordlicht Home',
  hard: 'Shopware 6 imitation (storefront, ADR 0232): prices in euros with a footnote asterisk ("€89.95*"); picking a colour in the variant configurator reloads the page at the other variant (its product number changes); "Add to shopping cart"; the guest register form has a salutation select ("Not specified" preselected) and shows the state select only after the country "USA" is chosen (state names as values); on the confirm page the required terms box stands outside the order form (tied by `form=`), card number, "Valid until (MM/YY)" and verification code sit under the payment method; "Submit order"; "Your order number: #10001".',
  cookie: 'session-',
  orderBook: { currency: 'EUR', numberFor: (n) => String(10000 + n) },
  newSession: newPlatformSession,
  routes: ({ orders }): Route<PlatformSession>[] => [
    {
      method: 'GET',
      path: '/Wool-Throw-Blanket/:sku',
      handle: ({ params }) => {
        const index = THROW.variants.findIndex((variant) => variant.sku === params.sku);
        if (index < 0) return { status: 404, html: layout('Not found', '<p>Page not found</p>') };
        return {
          html: layout(
            THROW.name,
            productPage(index),
            jsonLd({
              '@context': 'https://schema.org',
              '@type': 'Product',
              name: THROW.name,
              sku: THROW.variants[index]!.sku,
            }),
          ),
        };
      },
    },
    {
      method: 'GET',
      path: '/detail/switch',
      handle: ({ query }) => ({
        redirect: `/Wool-Throw-Blanket/${THROW.variants[Number(query.get('colour'))]?.sku ?? 'SW10001.1'}`,
      }),
    },
    {
      method: 'POST',
      path: '/checkout/line-item/add',
      handle: ({ form, session }) => {
        const index = LINE_IDS.findIndex((id) => form.get(`lineItems[${id}][id]`) === id);
        addVariant(
          session,
          THROW,
          (variant) => variant === THROW.variants[index],
          Number(form.get(`lineItems[${LINE_IDS[index]}][quantity]`)),
        );
        return { redirect: '/checkout/cart' };
      },
    },
    {
      method: 'GET',
      path: '/checkout/cart',
      handle: ({ session }) => ({
        html: layout(
          'Shopping cart',
          `<h1 class="cart-main-header">Shopping cart</h1>${session.cart.lines.map((line) => `<div class="line-item"><a class="line-item-label">${esc(line.name)}</a> <span class="line-item-quantity">${line.quantity}</span> <span class="line-item-total-price">${euro(line.unitCents * line.quantity)}</span></div>`).join('')}
<div class="checkout-aside-action"><a href="/checkout/register" class="btn btn-primary w-100 begin-checkout-btn" title="Go to checkout">Go to checkout</a></div>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/checkout/register',
      handle: ({ query }) => ({ html: layout('Checkout', registerPage(query.get('error') ?? '')) }),
    },
    {
      method: 'POST',
      path: '/checkout/register',
      handle: ({ form, session }) => {
        const country = form.get('billingAddress[countryId]');
        const stateKnown = US_STATES.some(([, name]) => name === form.get('billingAddress[countryStateId]'));
        const problem =
          !REGISTER.every((name) => filled(form.get(name))) || !country
            ? 'Please fill in all required fields.'
            : country === 'us' && !stateKnown
              ? 'State: Please select a state.'
              : null;
        if (problem) return { redirect: `/checkout/register?error=${encodeURIComponent(problem)}` };
        session.details = Object.fromEntries(form);
        return { redirect: '/checkout/confirm' };
      },
    },
    {
      method: 'GET',
      path: '/checkout/confirm',
      handle: ({ session, query }) =>
        session.details.email
          ? { html: layout('Complete order', confirmPage(session, query.get('error') ?? '')) }
          : { redirect: '/checkout/register' },
    },
    {
      method: 'POST',
      path: '/checkout/order',
      handle: async ({ form, session }) => {
        const again = (error: string) => ({ redirect: `/checkout/confirm?error=${encodeURIComponent(error)}` });
        if (!session.details.email || session.cart.count === 0) return { redirect: '/checkout/cart' };
        if (form.get('tos') !== 'on') return again('Please accept our general terms and conditions.');
        const paid = await payWithPlatformCard(
          orders,
          form,
          { number: 'paykitCard[number]', cvc: 'paykitCard[cvc]', expiry: { field: 'paykitCard[expiry]' } },
          {
            email: session.details.email,
            lines: session.cart.lines,
            totalCents: totalsOf(session.cart, CHARGES).total,
          },
        );
        if (!('order' in paid)) return again(paid.problem);
        session.cart.clear();
        session.details = { placed: paid.order.number };
        return { redirect: '/checkout/finish' };
      },
    },
    {
      method: 'GET',
      path: '/checkout/finish',
      handle: ({ session }) => ({
        html: layout(
          'Thank you',
          session.details.placed
            ? `<div class="finish-header"><h1 class="finish-title">Thank you for your order with Nordlicht Home!</h1></div><div class="finish-ordernumber">Your order number: #${esc(session.details.placed)}</div>`
            : '<p>No order.</p>',
        ),
      }),
    },
  ],
};
