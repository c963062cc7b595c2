import { decimal, esc, jsonLd } from '../server/html.js';
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

/** PrestaShop 1.7/8 classic theme: attribute groups, then the four-step checkout on one page. */
const COLORS = [
  { id: '8', label: 'Sage', hex: '#9caf88' },
  { id: '11', label: 'Oat', hex: '#d8cbb0' },
];
const SIZES = [
  { id: '1', label: 'S' },
  { id: '3', label: 'L' },
];
const TOWEL: PlatformProduct = {
  name: 'Linen Tea Towel',
  variants: COLORS.flatMap((color) =>
    SIZES.map((size) => ({
      sku: `ML-TOWEL-${color.label.toUpperCase()}-${size.label}`,
      label: `${color.label}, ${size.label}`,
      cents: size.label === 'L' ? 1900 : 1500,
    })),
  ),
};
const CHARGES = { shippingCents: 700, taxBasisPoints: 0 };
const money = (cents: number) => `$${decimal(cents)}`;
const STEPS = ['personal-information', 'addresses', 'delivery', 'payment'] as const;
const TITLES = ['Personal Information', 'Addresses', 'Shipping Method', 'Payment'];

const layout = (
  title: string,
  body: string,
  head = '',
) => `<!doctype html><html lang="en-US"><head><meta charset="utf-8"><title>${esc(title)}</title>${head}
<style>body{font-family:"Noto Sans",sans-serif;background:#f6f6f6;margin:0}#wrapper{max-width:1000px;margin:0 auto;padding:20px}.card{background:#fff;padding:16px;margin-bottom:12px}.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0,0,0,0)}
.input-color{position:absolute;opacity:0;cursor:pointer;width:1.25rem;height:1.25rem}.color{display:inline-block;width:1.25rem;height:1.25rem;border:2px solid #ddd}.input-color:checked+.color{border-color:#232323}.input-container{position:relative;display:inline-block;margin-right:8px}
.checkout-step .content{display:none}.checkout-step.-current .content{display:block}.checkout-step.-complete .step-title{color:#2fb5d2}.btn-primary{background:#2fb5d2;color:#fff;border:0;padding:8px 16px;cursor:pointer}.btn-primary.disabled{opacity:.65;cursor:not-allowed}.ps-hidden{display:none}.alert-danger{background:#ffe6e6;color:#a94442;padding:8px}.form-group{margin:6px 0}</style></head>
<body id="${esc(title.toLowerCase().replace(/\W+/g, '-'))}"><header id="header"><a href="/">Maison Lin</a> <div id="_desktop_cart"><div class="blockcart cart-preview"><a href="/cart?action=show">Cart</a></div></div></header><section id="wrapper">${body}</section></body></html>`;

const productPage = (
  error: string,
) => `<div class="product-container"><h1 class="h1" itemprop="name">${esc(TOWEL.name)}</h1>
<div class="product-prices js-product-prices"><div class="product-price h5"><div class="current-price"><span class="current-price-value" content="15">${money(1500)}</span></div></div><div class="tax-shipping-delivery-label">Tax included</div></div>
<div class="product-actions js-product-actions"><form action="/cart" method="post" id="add-to-cart-or-refresh"><input type="hidden" name="token" value="e4f5"><input type="hidden" name="id_product" value="19" id="product_page_product_id"><input type="hidden" name="id_customization" value="0" id="product_customization_id">
<div class="product-variants js-product-variants"><div class="clearfix product-variants-item"><span class="control-label">Size</span><select class="form-control form-control-select" id="group_1" aria-label="Size" data-product-attribute="1" name="group[1]">${SIZES.map((size) => `<option value="${size.id}" title="${size.label}">${size.label}</option>`).join('')}</select></div>
<div class="clearfix product-variants-item"><span class="control-label">Color</span><ul id="group_2">${COLORS.map((color, index) => `<li class="float-xs-left input-container"><label aria-label="${color.label}"><input class="input-color" type="radio" data-product-attribute="2" name="group[2]" value="${color.id}" title="${color.label}"${index === 0 ? ' checked="checked"' : ''}><span class="color" style="background-color:${color.hex}"><span class="sr-only">${color.label}</span></span></label></li>`).join('')}</ul></div></div>
<p class="product-price-note">${money(1500)} (S) · ${money(1900)} (L)</p>
<div class="product-add-to-cart js-product-add-to-cart"><span class="control-label">Quantity</span><div class="product-quantity clearfix"><div class="qty"><input type="number" name="qty" id="quantity_wanted" inputmode="numeric" pattern="[0-9]*" value="1" min="1" class="input-group" aria-label="Quantity"></div>
<div class="add"><button class="btn btn-primary add-to-cart" data-button-action="add-to-cart" type="submit"><i class="material-icons shopping-cart">&#xE547;</i>Add to cart</button></div></div>
<span id="product-availability" class="js-product-availability">${error ? `<i class="material-icons product-unavailable">&#xE14B;</i>${esc(error)}` : '<i class="material-icons rtl-no-flip product-available">&#xE5CA;</i>In stock'}</span></div></form></div></div>`;

const step = (session: PlatformSession, index: number, content: string) => {
  const current = Number(session.details.step ?? '0');
  const classes = [
    'checkout-step',
    index === current ? '-current js-current-step' : '',
    index < current ? '-complete -reachable' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return `<section id="checkout-${STEPS[index]}-step" class="${classes}"><h1 class="step-title js-step-title h3"><i class="material-icons rtl-no-flip done">&#xE876;</i><span class="step-number">${index + 1}</span> ${TITLES[index]}${index < current ? ` <a class="step-edit text-muted" href="/order?step=${index}">Edit</a>` : ''}</h1><div class="content">${index === current ? content : ''}</div></section>`;
};

const group = (name: string, label: string, type = 'text', autocomplete = '') =>
  `<div class="form-group row"><label class="col-md-3 form-control-label required" for="field-${name}">${label}</label><div class="col-md-6"><input id="field-${name}" class="form-control" name="${name}" type="${type}"${autocomplete ? ` autocomplete="${autocomplete}"` : ''} required></div></div>`;

const paymentStep = () => {
  const months = Array.from(
    { length: 12 },
    (_, index) => `<option value="${index + 1}">${String(index + 1).padStart(2, '0')}</option>`,
  ).join('');
  const years = expiryYears()
    .map((year) => `<option value="${year}">${year}</option>`)
    .join('');
  return `<div class="payment-options"><div><div id="payment-option-1-container" class="payment-option clearfix"><span class="custom-radio float-xs-left"><input class="ps-shown-by-js" id="payment-option-1" data-module-name="ps_paykitcard" name="payment-option" type="radio" required><span></span></span>
<label for="payment-option-1"><span>Pay by credit card</span></label></div></div>
<div id="pay-with-payment-option-1-form" class="js-payment-option-form ps-hidden"><form id="payment-form" method="POST" action="/module/ps_paykitcard/validation">
<div class="form-group"><label for="cardType">Card type</label><select id="cardType" name="cardType" class="form-control" required><option value="">-- Choose --</option><option value="visa">Visa</option><option value="mastercard">MasterCard</option><option value="amex">American Express</option></select></div>
<div class="form-group"><label for="cardholderName">Cardholder name</label><input id="cardholderName" name="cardholderName" class="form-control" required></div>
<div class="form-group"><label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" class="form-control" maxlength="19" required></div>
<div class="form-group"><label for="expiryMonth">Expiration date</label><select id="expiryMonth" name="expiryMonth" class="form-control" required><option value="">mm</option>${months}</select> / <select id="expiryYear" name="expiryYear" class="form-control" aria-label="Expiration year" required><option value="">yyyy</option>${years}</select></div>
<div class="form-group"><label for="cvv">CVV</label><input id="cvv" name="cvv" class="form-control" maxlength="4" required></div>
<input type="hidden" name="conditions_to_approve[terms-and-conditions]" value=""><button style="display:none" id="pay-with-payment-option-1" type="submit"></button></form></div></div>
<div id="conditions-to-approve" class="js-conditions-to-approve"><ul><li><div class="float-xs-left"><span class="custom-checkbox"><input id="conditions_to_approve[terms-and-conditions]" name="conditions_to_approve[terms-and-conditions]" required type="checkbox" value="1" class="ps-shown-by-js"><span><i class="material-icons rtl-no-flip checkbox-checked">&#xE5CA;</i></span></span></div>
<div class="condition-label"><label class="js-terms" for="conditions_to_approve[terms-and-conditions]">I agree to the <a href="/content/3-terms-and-conditions-of-use" id="cta-terms-and-conditions-0">terms of service</a> and will adhere to them unconditionally.</label></div></li></ul></div>
<div id="payment-confirmation" class="js-payment-confirmation"><div class="ps-shown-by-js"><button type="submit" class="btn btn-primary center-block disabled" disabled>Place order</button>
<article class="alert alert-danger mt-2 js-alert-payment-conditions" role="alert" data-alert="danger">Please make sure you've chosen a <a href="#checkout-payment-step">payment method</a> and accepted the <a href="#conditions-to-approve">terms and conditions</a>.</article></div></div>
<script>
(() => {
  const option = document.getElementById('payment-option-1');
  const terms = document.getElementById('conditions_to_approve[terms-and-conditions]');
  const button = document.querySelector('#payment-confirmation button');
  const alert = document.querySelector('.js-alert-payment-conditions');
  const refresh = () => { const ready = option.checked && terms.checked; button.disabled = !ready; button.classList.toggle('disabled', !ready); alert.hidden = ready; document.getElementById('pay-with-payment-option-1-form').classList.toggle('ps-hidden', !option.checked); };
  option.addEventListener('change', refresh); terms.addEventListener('change', refresh);
  button.addEventListener('click', () => { document.querySelector('#payment-form [name="conditions_to_approve[terms-and-conditions]"]').value = terms.checked ? '1' : ''; document.getElementById('pay-with-payment-option-1').click(); });
})();
</script>`;
};

const checkoutPage = (session: PlatformSession, error: string) => {
  const totals = totalsOf(session.cart, CHARGES);
  const steps = [
    `<form id="customer-form" action="/order" method="post"><input type="hidden" name="submitCustomer" value="1"><div class="form-group row"><label class="col-md-3 form-control-label">Social title</label><label class="radio-inline"><input name="id_gender" type="radio" value="1"> Mr.</label><label class="radio-inline"><input name="id_gender" type="radio" value="2"> Mrs.</label></div>
${group('firstname', 'First name', 'text', 'given-name')}${group('lastname', 'Last name', 'text', 'family-name')}${group('email', 'Email', 'email', 'email')}
<div class="form-group row"><span class="custom-checkbox"><label class="psgdpr_consent_message"><input name="psgdpr" type="checkbox" value="1" required><span>I agree to the terms and conditions and the privacy policy</span></label></span></div>
<footer class="form-footer clearfix"><button class="continue btn btn-primary float-xs-right" name="continue" data-link-action="register-new-customer" type="submit" value="1">Continue</button></footer></form>`,
    `<form method="POST" action="/order" data-refresh-url="/order?ajax=1&action=addressForm"><div class="js-address-form">${group('address1', 'Address', 'text', 'address-line1')}${group('city', 'City', 'text', 'address-level2')}
<div class="form-group row"><label class="col-md-3 form-control-label required" for="field-id_state">State</label><div class="col-md-6"><select class="form-control form-control-select" name="id_state" id="field-id_state" required><option value disabled selected>-- please choose --</option>${stateOptions('id')}</select></div></div>
${group('postcode', 'Zip/Postal Code', 'text', 'postal-code')}<div class="form-group row"><label class="col-md-3 form-control-label required" for="field-id_country">Country</label><div class="col-md-6"><select class="form-control form-control-select js-country" name="id_country" id="field-id_country" required><option value="21" selected>United States</option></select></div></div>
<footer class="form-footer clearfix"><input type="hidden" name="submitAddress" value="1"><button type="submit" class="continue btn btn-primary float-xs-right" name="confirm-addresses" value="1">Continue</button></footer></div></form>`,
    `<div class="delivery-options-list"><form class="clearfix" id="js-delivery" data-url-update="/order?ajax=1&action=selectDeliveryOption" method="post" action="/order"><div class="form-fields"><div class="delivery-options"><div class="row delivery-option"><div class="col-sm-1"><span class="custom-radio float-xs-left"><input type="radio" name="delivery_option[7]" id="delivery_option_2" value="2," checked><span></span></span></div>
<label for="delivery_option_2" class="col-sm-11 delivery-option-2"><span class="h6 carrier-name">My carrier</span><span class="carrier-delay">Delivery next day!</span><span class="carrier-price">${money(CHARGES.shippingCents)} tax excl.</span></label></div></div>
<div class="order-options"><div id="delivery"><label for="delivery_message">If you would like to add a comment about your order, please write it in the field below.</label><textarea rows="2" id="delivery_message" name="delivery_message"></textarea></div></div></div>
<button type="submit" class="continue btn btn-primary float-xs-right" name="confirmDeliveryOption" value="1">Continue</button></form></div>`,
    paymentStep(),
  ];
  return `<div class="row"><div class="cart-grid-body col-xs-12 col-lg-8">${error ? `<div class="alert alert-danger" role="alert">${esc(error)}</div>` : ''}${steps.map((content, index) => step(session, index, content)).join('')}</div>
<div class="cart-grid-right col-xs-12 col-lg-4"><section id="js-checkout-summary" class="card js-cart"><div class="card-block"><div class="cart-summary-products"><p>${session.cart.count} item${session.cart.count === 1 ? '' : 's'}</p>${session.cart.lines.map((line) => `<div class="media-body"><span class="product-name">${esc(line.name)}</span> <span class="product-quantity">x${line.quantity}</span> <span class="product-price float-xs-right">${money(line.unitCents * line.quantity)}</span></div>`).join('')}</div>
<div class="cart-summary-line cart-summary-subtotals" id="cart-subtotal-products"><span class="label">Subtotal</span> <span class="value">${money(totals.subtotal)}</span></div><div class="cart-summary-line cart-summary-subtotals" id="cart-subtotal-shipping"><span class="label">Shipping</span> <span class="value">${money(totals.shipping)}</span></div>
<div class="cart-summary-line cart-total"><span class="label">Total (tax incl.)</span> <span class="value">${money(totals.total)}</span></div></div></section></div></div>`;
};

/** What one step's form must carry before the next opens, and what the shopper is told otherwise. */
const STEP_CHECKS: readonly ((form: URLSearchParams) => string | null)[] = [
  (form) =>
    !['firstname', 'lastname', 'email'].every((name) => filled(form.get(name)))
      ? 'Please fill in the required fields.'
      : form.get('psgdpr') !== '1'
        ? 'Please accept the customer data privacy conditions.'
        : null,
  (form) =>
    !['address1', 'city', 'postcode'].every((name) => filled(form.get(name))) ||
    !US_STATES[Number(form.get('id_state')) - 1]
      ? 'Please fill in the required fields.'
      : null,
  (form) => (form.get('delivery_option[7]') === '2,' ? null : 'Please choose a delivery option.'),
];

export const maisonLin: ShopDefinition<PlatformSession> = {
  id: 'maison-lin',
  name: 'Maison Lin',
  hard: 'PrestaShop imitation (classic theme, ADR 0232): size in a `group[1]` select and colour as `input-color` radios with opacity 0 behind colour squares named only by an sr-only span and the label\'s aria-label; the price of the large size only in a note; the four checkout steps on one page, one open at a time (personal information with a required data-privacy box, addresses with states valued by numeric ids, shipping method, payment); "Place order" stays disabled until a payment option is chosen and the terms box (in a form of its own) is ticked; the card module\'s form asks for a card-type select that must match the number, expiry as two selects; "Order reference:" nine capital letters.',
  cookie: 'PrestaShop-a1b2',
  orderBook: { currency: 'USD', numberFor: (n) => `KXQWMBRL${String.fromCharCode(64 + (n % 26 || 26))}` },
  newSession: newPlatformSession,
  routes: ({ orders }): Route<PlatformSession>[] => [
    {
      method: 'GET',
      path: '/home/19-linen-tea-towel.html',
      handle: () => ({
        html: layout(
          TOWEL.name,
          productPage(''),
          jsonLd({ '@context': 'https://schema.org/', '@type': 'Product', name: TOWEL.name, sku: 'demo_19' }),
        ),
      }),
    },
    {
      method: 'POST',
      path: '/cart',
      handle: ({ form, session }) => {
        const size = SIZES.find((candidate) => candidate.id === form.get('group[1]'));
        const color = COLORS.find((candidate) => candidate.id === form.get('group[2]'));
        const label = `${color?.label}, ${size?.label}`;
        return addVariant(session, TOWEL, (variant) => variant.label === label, Number(form.get('qty') ?? '1'))
          ? { redirect: '/cart?action=show' }
          : { html: layout(TOWEL.name, productPage('Product available with different options')) };
      },
    },
    {
      method: 'GET',
      path: '/cart',
      handle: ({ session }) => ({
        html: layout(
          'Cart',
          `<div class="cart-grid"><div class="card cart-container"><h1 class="h1">Shopping Cart</h1><ul class="cart-items">${session.cart.lines.map((line) => `<li class="cart-item"><span class="product-line-info">${esc(line.name)}</span> <input class="js-cart-line-product-quantity" value="${line.quantity}" aria-label="Quantity" readonly></li>`).join('')}</ul></div>
<div class="checkout cart-detailed-actions card-block"><div class="text-sm-center"><a href="/order" class="btn btn-primary">Proceed to checkout</a></div></div></div>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/order',
      handle: ({ session, query }) => {
        const back = query.has('step') ? Number(query.get('step')) : -1;
        if (back >= 0 && back < Number(session.details.step ?? '0')) session.details.step = String(back);
        return { html: layout('Order', checkoutPage(session, query.get('error') ?? '')) };
      },
    },
    {
      method: 'POST',
      path: '/order',
      handle: ({ form, session }) => {
        const current = Number(session.details.step ?? '0');
        const check = STEP_CHECKS[current];
        const problem = check ? check(form) : 'Please complete the previous steps.';
        if (problem) return { redirect: `/order?error=${encodeURIComponent(problem)}` };
        for (const [name, value] of form) session.details[name] = value;
        session.details.step = String(current + 1);
        return { redirect: '/order' };
      },
    },
    {
      method: 'POST',
      path: '/module/ps_paykitcard/validation',
      handle: async ({ form, session }) => {
        const again = (error: string) => ({ redirect: `/order?error=${encodeURIComponent(error)}` });
        if (session.details.step !== '3' || session.cart.count === 0)
          return again('Please complete the previous steps.');
        if (form.get('conditions_to_approve[terms-and-conditions]') !== '1')
          return again('Please accept the terms of service.');
        const paid = await payWithPlatformCard(
          orders,
          form,
          {
            number: 'cardNumber',
            cvc: 'cvv',
            expiry: { month: 'expiryMonth', year: 'expiryYear' },
            type: 'cardType',
            holder: 'cardholderName',
          },
          {
            email: session.details.email ?? '',
            lines: session.cart.lines,
            totalCents: totalsOf(session.cart, CHARGES).total,
          },
        );
        if (!('order' in paid)) return again(paid.problem);
        session.cart.clear();
        session.details = { reference: paid.order.number };
        return { redirect: `/order-confirmation?id_cart=7&id_module=31&key=f00d` };
      },
    },
    {
      method: 'GET',
      path: '/order-confirmation',
      handle: ({ session }) => ({
        html: layout(
          'Order confirmation',
          session.details.reference
            ? `<section id="content-hook_order_confirmation" class="card"><div class="card-block"><h3 class="h1 card-title"><i class="material-icons rtl-no-flip done">&#xE876;</i>Your order is confirmed</h3><p>An email has been sent to your mail address.</p></div></section>
<section id="content" class="page-content page-order-confirmation card"><div id="order-details"><h3 class="h3 card-title">Order details:</h3><ul><li id="order-reference-value">Order reference: ${esc(session.details.reference)}</li><li>Payment method: Pay by credit card</li></ul></div></section>`
            : '<p>No order.</p>',
        ),
      }),
    },
  ],
};
