import { decimal, esc } from '../server/html.js';
import { US_STATES, filled } from '../server/places.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';
import {
  type PlatformProduct,
  type PlatformSession,
  addVariant,
  expiryYears,
  newPlatformSession,
  payWithPlatformCard,
  stateOptions,
  totalsOf,
} from './platform-kit.js';

/** Magento 2 (Luma): swatch divs on the product page, then the script-rendered two-step checkout. */
const COLORS = [
  { id: '50', label: 'Blue', hex: '#1857f7' },
  { id: '53', label: 'Green', hex: '#53a828' },
  { id: '58', label: 'Red', hex: '#ff0000' },
];
const SIZES = [
  { id: '167', label: 'S' },
  { id: '168', label: 'M' },
  { id: '169', label: 'L' },
];
const JACKET: PlatformProduct = {
  name: 'Juno Hiking Jacket',
  variants: COLORS.flatMap((color) =>
    SIZES.map((size) => ({
      sku: `LO-JUNO-${color.label.toUpperCase()}-${size.label}`,
      label: `${color.label}, ${size.label}`,
      cents: 7900,
      ...(color.label === 'Red' ? { soldOut: true } : {}),
    })),
  ),
};
const CHARGES = { shippingCents: 500, taxBasisPoints: 825 };
const price = (cents: number) => `<span class="price">$${decimal(cents)}</span>`;
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

const layout = (
  title: string,
  body: string,
) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title>
<style>body{font-family:"Open Sans",sans-serif;margin:0;color:#333}.page-wrapper{max-width:1100px;margin:0 auto;padding:20px}.swatch-option{display:inline-block;min-width:30px;height:24px;margin:0 8px 5px 0;border:1px solid #ddd;cursor:pointer;text-align:center;line-height:24px}
.swatch-option.selected{outline:2px solid #ff5501}.swatch-option.disabled{opacity:.3;cursor:default}.action.primary{background:#1979c3;color:#fff;border:1px solid #1979c3;padding:10px 20px;font-weight:600;cursor:pointer}
.loading-mask{position:fixed;inset:0;background:rgba(255,255,255,.5);z-index:9999}.loading-mask .loader{position:absolute;top:40%;left:48%}.mage-error,.message-error{color:#e02b27}.field{margin:8px 0}.field .label{display:block;font-weight:600}</style></head>
<body class="catalog-product-view page-layout-1column"><header class="page-header"><a class="logo" href="/">Larch Outdoor</a> <div data-block="minicart" class="minicart-wrapper"><a class="action showcart" href="/checkout/cart/">My Cart</a></div></header><main id="maincontent" class="page-main"><div class="page-wrapper">${body}</div></main></body></html>`;

const swatchAttribute = (
  code: string,
  attributeId: string,
  label: string,
  options: string,
) => `<div class="swatch-attribute ${code}" data-attribute-code="${code}" data-attribute-id="${attributeId}">
<span id="option-label-${code}-${attributeId}" class="swatch-attribute-label">${label}</span><span class="swatch-attribute-selected-option"></span>
<div aria-activedescendant="" tabindex="0" aria-invalid="false" aria-required="true" role="listbox" aria-labelledby="option-label-${code}-${attributeId}" class="swatch-attribute-options clearfix">${options}</div>
<input class="swatch-input super-attribute-select" name="super_attribute[${attributeId}]" type="text" value="" data-selector="super_attribute[${attributeId}]" data-validate="{required: true}" aria-required="true" aria-invalid="false" style="visibility:hidden;position:absolute;left:-1000px"></div>`;

const swatch = (
  code: string,
  attributeId: string,
  option: { id: string; label: string; hex?: string },
  disabled: boolean,
) =>
  `<div class="swatch-option ${option.hex ? 'color' : 'text'}${disabled ? ' disabled' : ''}" id="option-label-${code}-${attributeId}-item-${option.id}" index="0" aria-checked="false" aria-describedby="option-label-${code}-${attributeId}" tabindex="0" data-option-type="${option.hex ? 1 : 0}" data-option-id="${option.id}" data-option-label="${option.label}" aria-label="${option.label}" role="option"${disabled ? ' disabled="disabled"' : ''}${option.hex ? ` data-option-tooltip-value="${option.hex}" style="background:${option.hex} no-repeat center;background-size:initial"></div>` : `>${option.label}</div>`}`;

const productPage = (
  message: string,
) => `${message}<div class="product-info-main"><div class="page-title-wrapper product"><h1 class="page-title"><span class="base" data-ui-id="page-title-wrapper" itemprop="name">${esc(JACKET.name)}</span></h1></div>
<div class="price-box price-final_price" data-role="priceBox"><span class="price-container price-final_price tax weee"><span id="product-price-1380" data-price-amount="79" data-price-type="finalPrice" class="price-wrapper">${price(7900)}</span></span></div>
<div class="product-info-stock-sku"><div class="stock available" title="Availability"><span>In stock</span></div></div>
<form data-product-sku="WJ06" action="/checkout/cart/add/" method="post" id="product_addtocart_form" novalidate="novalidate"><input type="hidden" name="product" value="1380"><input name="form_key" type="hidden" value="k3yF0rm">
<div class="product-options-wrapper" id="product-options-wrapper"><div class="swatch-opt" data-role="swatch-options">
${swatchAttribute('color', '93', 'Color', COLORS.map((color) => swatch('color', '93', color, color.label === 'Red')).join(''))}
${swatchAttribute('size', '144', 'Size', SIZES.map((size) => swatch('size', '144', size, false)).join(''))}</div></div>
<div class="box-tocart"><div class="field qty"><label class="label" for="qty"><span>Qty</span></label><input type="number" name="qty" id="qty" min="0" value="1" title="Qty" class="input-text qty"></div>
<button type="submit" title="Add to Cart" class="action primary tocart" id="product-addtocart-button"><span>Add to Cart</span></button></div></form></div>
<script>
(() => {
  document.querySelectorAll('.swatch-attribute').forEach((attribute) => {
    attribute.querySelectorAll('.swatch-option').forEach((option) => option.addEventListener('click', () => {
      if (option.classList.contains('disabled')) return;
      attribute.querySelectorAll('.swatch-option').forEach((other) => { other.classList.remove('selected'); other.setAttribute('aria-checked', 'false'); });
      option.classList.add('selected'); option.setAttribute('aria-checked', 'true');
      attribute.querySelector('.swatch-attribute-selected-option').textContent = option.dataset.optionLabel;
      attribute.querySelector('.swatch-input').value = option.dataset.optionId;
      attribute.querySelector('.mage-error')?.remove();
    }));
  });
  document.getElementById('product_addtocart_form').addEventListener('submit', (event) => {
    const empty = [...document.querySelectorAll('.swatch-input')].filter((input) => !input.value);
    empty.forEach((input) => { if (!input.nextElementSibling) input.insertAdjacentHTML('afterend', '<div class="mage-error">This is a required field.</div>'); });
    if (empty.length) event.preventDefault();
  });
})();
</script>`;

/** The knockout templates' output (shipping.html, payment.html), rendered after the loading mask lifts. */
const CHECKOUT_SCRIPT = (states: string, months: string, years: string) => `
(() => {
  const steps = document.getElementById('checkoutSteps');
  const summary = document.getElementById('opc-sidebar');
  const money = (value) => '$' + Number(value).toFixed(2);
  const showTotals = (totals) => { summary.innerHTML = '<div class="opc-block-summary"><span class="title">Order Summary</span><table class="data table table-totals"><tr class="totals sub"><th class="mark">Cart Subtotal</th><td class="amount">' + money(totals.subtotal) + '</td></tr><tr class="totals shipping excl"><th class="mark">Shipping</th><td class="amount">' + (totals.shipping === null ? 'Not yet calculated' : money(totals.shipping)) + '</td></tr><tr class="totals-tax"><th class="mark">Tax</th><td class="amount">' + money(totals.tax) + '</td></tr><tr class="grand totals"><th class="mark"><strong>Order Total</strong></th><td class="amount"><strong>' + money(totals.total) + '</strong></td></tr></table></div>'; };
  const field = (name, label, type) => '<div class="field _required" name="shippingAddress.' + name + '"><label class="label" for="' + name + '"><span>' + label + '</span></label><div class="control"><input class="input-text" type="' + (type || 'text') + '" name="' + name + '" id="' + name + '" aria-required="true"></div></div>';
  const post = (url, body) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(async (r) => ({ ok: r.ok, body: await r.json() }));
  const shipping = (config) => {
    showTotals(config.totals);
    steps.innerHTML = '<li id="shipping" class="checkout-shipping-address" data-bind="fadeVisible: visible()"><div class="step-title" data-role="title">Shipping Address</div><div id="checkout-step-shipping" class="step-content" data-role="content">'
      + '<form class="form form-login" data-role="email-with-possible-login">' + field('customer-email', 'Email Address', 'email') + '</form>'
      + '<form class="form form-shipping-address" id="co-shipping-form">' + field('firstname', 'First Name') + field('lastname', 'Last Name') + field('street[0]', 'Street Address: Line 1') + field('city', 'City')
      + '<div class="field _required"><label class="label" for="region_id"><span>State/Province</span></label><div class="control"><select class="select" name="region_id" id="region_id"><option value="">Please select a region, state or province.</option>${states}</select></div></div>'
      + field('postcode', 'Zip/Postal Code') + '<div class="field _required"><label class="label" for="country_id"><span>Country</span></label><div class="control"><select class="select" name="country_id" id="country_id"><option value="US" selected>United States</option></select></div></div>' + field('telephone', 'Phone Number', 'tel') + '</form></div></li>'
      + '<li id="opc-shipping_method" class="checkout-shipping-method"><div class="step-title">Shipping Methods</div><div id="checkout-step-shipping_method" class="step-content"><form id="co-shipping-method-form" class="form methods-shipping"><table class="table-checkout-shipping-method"><tbody><tr class="row"><td class="col col-method"><input type="radio" class="radio" value="flatrate_flatrate" name="ko_unique_1" id="s_method_flatrate" checked></td><td class="col col-price">' + money(config.shippingRate) + '</td><td class="col col-method">Fixed</td><td class="col col-carrier">Flat Rate</td></tr></tbody></table>'
      + '<div class="message-error" role="alert" hidden></div><div class="actions-toolbar" id="shipping-method-buttons-container"><div class="primary"><button data-role="opc-continue" type="submit" class="button action continue primary"><span>Next</span></button></div></div></form></div></li>';
    document.getElementById('co-shipping-method-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      const value = (name) => document.getElementById(name).value;
      const address = { email: value('customer-email'), firstname: value('firstname'), lastname: value('lastname'), street: [value('street[0]')], city: value('city'), region_id: value('region_id'), postcode: value('postcode'), country_id: value('country_id'), telephone: value('telephone') };
      const reply = await post('/rest/default/V1/guest-carts/mine/shipping-information', { addressInformation: { shipping_address: address, shipping_method_code: 'flatrate' } });
      if (!reply.ok) { const error = steps.querySelector('.message-error'); error.hidden = false; error.textContent = reply.body.message; return; }
      mask(() => payment(reply.body.totals));
    });
  };
  const payment = (totals) => {
    showTotals(totals);
    steps.innerHTML = '<li id="payment" role="presentation" class="checkout-payment-method"><div class="step-title" data-role="title">Payment Method</div><div id="checkout-step-payment" class="step-content" role="tabpanel" aria-hidden="false"><form id="co-payment-form" class="form payments" novalidate="novalidate"><fieldset class="fieldset"><legend class="legend"><span>Payment Information</span></legend>'
      + '<div class="payment-method _active"><div class="payment-method-title field choice"><input type="radio" name="payment[method]" class="radio" id="paykit_cc" value="paykit_cc" checked><label for="paykit_cc" class="label"><span>Credit Card</span></label></div><div class="payment-method-content">'
      + '<div class="payment-method-billing-address"><div class="checkout-billing-address"><div class="billing-address-same-as-shipping-block field choice"><input type="checkbox" name="billing-address-same-as-shipping" id="billing-address-same-as-shipping-paykit_cc" checked><label for="billing-address-same-as-shipping-paykit_cc"><span>My billing and shipping address are the same</span></label></div></div></div>'
      + '<fieldset class="fieldset payment items ccard paykit_cc" id="payment_form_paykit_cc"><div class="field number required"><label for="paykit_cc_cc_number" class="label"><span>Credit Card Number</span></label><div class="control"><input type="number" name="payment[cc_number]" class="input-text" id="paykit_cc_cc_number" title="Credit Card Number" data-container="paykit_cc-cc-number" autocomplete="off"></div></div>'
      + '<div class="field date required" id="paykit_cc_cc_type_exp_div"><label for="paykit_cc_expiration" class="label"><span>Expiration Date</span></label><div class="control"><div class="fields group group-2"><div class="field no-label month"><div class="control"><select name="payment[cc_exp_month]" class="select select-month" id="paykit_cc_expiration"><option value="">Month</option>${months}</select></div></div><div class="field no-label year"><div class="control"><select name="payment[cc_exp_year]" class="select select-year" id="paykit_cc_expiration_yr"><option value="">Year</option>${years}</select></div></div></div></div></div>'
      + '<div class="field cvv required" id="paykit_cc_cc_type_cvv_div"><label for="paykit_cc_cc_cid" class="label"><span>Card Verification Number</span></label><div class="control _with-tooltip"><input type="number" autocomplete="off" class="input-text cvv" name="payment[cc_cid]" id="paykit_cc_cc_cid" title="Card Verification Number"></div></div></fieldset>'
      + '<div class="messages"><div role="alert" class="message message-error error" hidden></div></div><div class="actions-toolbar"><div class="primary"><button class="action primary checkout" type="submit" title="Place Order"><span>Place Order</span></button></div></div></div></div></fieldset></form></div></li>';
    document.getElementById('co-payment-form').addEventListener('submit', async (event) => {
      event.preventDefault();
      const value = (id) => document.getElementById(id).value;
      const reply = await post('/rest/default/V1/guest-carts/mine/payment-information', { paymentMethod: { method: 'paykit_cc', additional_data: { cc_number: value('paykit_cc_cc_number'), cc_exp_month: value('paykit_cc_expiration'), cc_exp_year: value('paykit_cc_expiration_yr'), cc_cid: value('paykit_cc_cc_cid') } } });
      if (reply.ok) { window.location.replace('/checkout/onepage/success/'); return; }
      const error = steps.querySelector('.message-error'); error.hidden = false; error.textContent = reply.body.message;
    });
  };
  const mask = (then) => { const loader = document.createElement('div'); loader.className = 'loading-mask'; loader.dataset.role = 'loader'; loader.innerHTML = '<div class="loader"><img alt="Loading..." src="data:,"><p>Please wait...</p></div>'; document.body.appendChild(loader); setTimeout(() => { loader.remove(); then(); }, 800); };
  fetch('/checkout/config').then((r) => r.json()).then((config) => setTimeout(() => { document.getElementById('checkout-loader').remove(); shipping(config); }, 1200));
})();`;

const inDollars = (totals: Readonly<Record<string, number>>) =>
  Object.fromEntries(Object.entries(totals).map(([name, cents]) => [name, decimal(cents)]));

const REGION_IDS = new Map(US_STATES.map(([code], index) => [String(index + 1), code]));

export const larchOutdoor: ShopDefinition<PlatformSession> = {
  id: 'larch-outdoor',
  name: 'Larch Outdoor',
  hard: 'Magento 2 imitation (Luma theme, ADR 0232): colour and size swatches are divs with role=option inside a role=listbox, the colour ones with only an aria-label (no text), the red one disabled, each writing a hidden `super_attribute[...]` input ("This is a required field." otherwise); the checkout page is a loading mask over an empty `#checkoutSteps` until its script renders the shipping step, a second mask after "Next", then the payment step; states as a select valued by numeric region ids; expiry as two selects ("01 - January", four-digit years); "Place Order" posts JSON; "Your order # is: 000000001."',
  cookie: 'PHPSESSID',
  orderBook: { currency: 'USD', numberFor: (n) => String(n).padStart(9, '0') },
  newSession: newPlatformSession,
  routes: ({ orders }): Route<PlatformSession>[] => [
    {
      method: 'GET',
      path: '/juno-hiking-jacket.html',
      handle: ({ query }) => ({
        html: layout(
          JACKET.name,
          productPage(
            query.get('error')
              ? '<div class="message-error error message" role="alert"><div>The requested qty is not available</div></div>'
              : '',
          ),
        ),
      }),
    },
    {
      method: 'POST',
      path: '/checkout/cart/add/',
      handle: ({ form, session }) => {
        const color = COLORS.find((candidate) => candidate.id === form.get('super_attribute[93]'));
        const size = SIZES.find((candidate) => candidate.id === form.get('super_attribute[144]'));
        const label = `${color?.label}, ${size?.label}`;
        const added = addVariant(session, JACKET, (variant) => variant.label === label, Number(form.get('qty') ?? '1'));
        return { redirect: added ? '/checkout/cart/' : '/juno-hiking-jacket.html?error=1' };
      },
    },
    {
      method: 'GET',
      path: '/checkout/cart/',
      handle: ({ session }) => ({
        html: layout(
          'Shopping Cart',
          `<h1 class="page-title">Shopping Cart</h1><div class="message-success success message" role="alert">You added ${esc(JACKET.name)} to your shopping cart.</div><table id="shopping-cart-table" class="cart items data table">${session.cart.lines
            .map((line) => {
              const [color, size] = line.name.slice(JACKET.name.length + 3).split(', ');
              return `<tr class="item-info"><td class="col item"><strong class="product-item-name">${esc(JACKET.name)}</strong><dl class="item-options"><dt>Color</dt><dd>${esc(color ?? '')}</dd><dt>Size</dt><dd>${esc(size ?? '')}</dd></dl></td><td class="col qty">${line.quantity}</td></tr>`;
            })
            .join('')}</table>
<ul class="checkout methods items checkout-methods-items"><li class="item"><button type="button" data-role="proceed-to-checkout" title="Proceed to Checkout" class="action primary checkout" onclick="location.href='/checkout/'"><span>Proceed to Checkout</span></button></li></ul>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/checkout/',
      handle: () => {
        const months = MONTH_NAMES.map(
          (name, index) => `<option value="${index + 1}">${String(index + 1).padStart(2, '0')} - ${name}</option>`,
        ).join('');
        const years = expiryYears()
          .map((year) => `<option value="${year}">${year}</option>`)
          .join('');
        return {
          html: layout(
            'Checkout',
            `<div id="checkout" data-bind="scope:'checkout'" class="checkout-container"><div id="checkout-loader" data-role="checkout-loader" class="loading-mask" data-mage-init='{"checkoutLoader": {}}'><div class="loader"><img src="data:," alt="Loading..."></div></div>
<div class="opc-wrapper"><ol class="opc" id="checkoutSteps"></ol></div><aside class="modal-custom opc-sidebar opc-summary-wrapper" id="opc-sidebar"></aside></div>
<script>${CHECKOUT_SCRIPT(stateOptions('id').replace(/'/g, "\\'"), months, years)}</script>`,
          ),
        };
      },
    },
    {
      method: 'GET',
      path: '/checkout/config',
      handle: ({ session }) => ({
        json: {
          shippingRate: decimal(CHARGES.shippingCents),
          totals: { ...inDollars(totalsOf(session.cart, { ...CHARGES, shippingCents: 0 })), shipping: null },
        },
      }),
    },
    {
      method: 'POST',
      path: '/rest/default/V1/guest-carts/mine/shipping-information',
      handle: ({ json, session }) => {
        const address = ((json as { addressInformation?: { shipping_address?: Record<string, unknown> } } | undefined)
          ?.addressInformation?.shipping_address ?? {}) as Record<string, unknown>;
        const text = (name: string) => (typeof address[name] === 'string' ? address[name] : '');
        const street = Array.isArray(address.street) ? String(address.street[0] ?? '') : '';
        const required = ['email', 'firstname', 'lastname', 'city', 'postcode', 'telephone'];
        if (!required.every((name) => filled(text(name))) || !filled(street) || !REGION_IDS.has(text('region_id')))
          return {
            status: 400,
            json: { message: 'Please check the shipping address information. "%fieldName" is required.' },
          };
        if (session.cart.count === 0) return { status: 400, json: { message: 'The shipping address is missing.' } };
        session.details = { email: text('email') };
        const totals = totalsOf(session.cart, CHARGES);
        return { json: { totals: inDollars(totals) } };
      },
    },
    {
      method: 'POST',
      path: '/rest/default/V1/guest-carts/mine/payment-information',
      handle: async ({ json, session }) => {
        const data = (json as { paymentMethod?: { additional_data?: Record<string, unknown> } } | undefined)
          ?.paymentMethod?.additional_data;
        if (!session.details.email || session.cart.count === 0)
          return { status: 400, json: { message: 'The shipping address is missing. Set the address and try again.' } };
        const form = new URLSearchParams(
          Object.entries(data ?? {}).map(([key, value]): [string, string] => [key, String(value)]),
        );
        const paid = await payWithPlatformCard(
          orders,
          form,
          { number: 'cc_number', cvc: 'cc_cid', expiry: { month: 'cc_exp_month', year: 'cc_exp_year' } },
          {
            email: session.details.email,
            lines: session.cart.lines,
            totalCents: totalsOf(session.cart, CHARGES).total,
          },
        );
        if (!('order' in paid)) return { status: 400, json: { message: paid.problem } };
        session.cart.clear();
        session.details = { placed: paid.order.number };
        return { json: paid.order.number };
      },
    },
    {
      method: 'GET',
      path: '/checkout/onepage/success/',
      handle: ({ session }) => ({
        html: layout(
          'Success Page',
          session.details.placed
            ? `<h1 class="page-title"><span class="base">Thank you for your purchase!</span></h1><div class="checkout-success"><p>Your order # is: <span>${esc(session.details.placed)}</span>.</p><p>We'll email you an order confirmation with details and tracking info.</p></div>`
            : '<p>Your shopping cart is empty.</p>',
        ),
      }),
    },
  ],
};
