/* global fetch, window -- runs in the shopper's browser */
import { Button } from '@components/common/ui/Button.js';
import { Input } from '@components/common/ui/Input.js';
import { Label } from '@components/common/ui/Label.js';
import { toast } from '@components/common/ui/Sonner.js';
import { useCheckout, useCheckoutDispatch } from '@components/frontStore/checkout/CheckoutContext.js';
import React, { useEffect } from 'react';

const h = React.createElement;

/** What the shopper typed, read when they place the order (the two renderers are separate trees). */
const typed = { number: '', expiry: '', cvc: '', name: '' };
/** The order placed by the first click, paid again by a later click after a decline. */
let placedOrderId;

const FIELDS = [
  {
    key: 'number',
    id: 'card-number',
    label: 'Card number',
    autoComplete: 'cc-number',
    inputMode: 'numeric',
    placeholder: '1234 1234 1234 1234',
  },
  {
    key: 'expiry',
    id: 'card-expiry',
    label: 'Expiration date (MM / YY)',
    autoComplete: 'cc-exp',
    inputMode: 'numeric',
    placeholder: 'MM / YY',
  },
  {
    key: 'cvc',
    id: 'card-cvc',
    label: 'Security code',
    autoComplete: 'cc-csc',
    inputMode: 'numeric',
    placeholder: 'CVC',
  },
  { key: 'name', id: 'card-name', label: 'Name on card', autoComplete: 'cc-name', inputMode: 'text', placeholder: '' },
];

/** The card as the network wants it, or the reason it cannot be sent. */
const readCard = () => {
  const number = typed.number.replace(/[\s-]/g, '');
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(typed.expiry);
  const cvc = typed.cvc.trim();
  const name = typed.name.trim();
  if (!/^\d{12,19}$/.test(number)) return { error: 'Enter a valid card number' };
  if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12)
    return { error: 'Enter the expiration date as MM / YY' };
  if (!/^\d{3,4}$/.test(cvc)) return { error: 'Enter the security code' };
  if (!name) return { error: 'Enter the name on the card' };
  const year = Number(expiry[2]);
  return { card: { number, expMonth: Number(expiry[1]), expYear: year < 100 ? 2000 + year : year, cvc, name } };
};

const authorize = async (orderId, card) => {
  const response = await fetch('/api/paykit-card/authorizations', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ order_id: orderId, card }),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(json.error?.message || 'The payment failed');
};

function CardForm() {
  return h(
    'div',
    { className: 'grid grid-cols-2 gap-3 py-3' },
    FIELDS.map((field) =>
      h(
        'div',
        {
          key: field.key,
          className: field.key === 'number' || field.key === 'name' ? 'col-span-2 grid gap-1' : 'grid gap-1',
        },
        h(Label, { htmlFor: field.id }, field.label),
        h(Input, {
          id: field.id,
          name: field.id,
          type: 'text',
          autoComplete: field.autoComplete,
          inputMode: field.inputMode,
          placeholder: field.placeholder,
          defaultValue: typed[field.key],
          onChange: (event) => {
            typed[field.key] = event.target.value;
          },
        }),
      ),
    ),
  );
}

function PayButton() {
  const { checkout } = useCheckoutDispatch();
  const { loadingStates, checkoutSuccessUrl } = useCheckout();
  const [paying, setPaying] = React.useState(false);
  const onClick = async (event) => {
    event.preventDefault();
    const { card, error } = readCard();
    if (error) return toast.error(error);
    setPaying(true);
    try {
      if (!placedOrderId) {
        const order = await checkout();
        if (!order) return;
        placedOrderId = order.uuid;
      }
      await authorize(placedOrderId, card);
      window.location.href = `${checkoutSuccessUrl}/${placedOrderId}`;
    } catch (failure) {
      toast.error(failure.message || 'The payment failed. Please try again.');
    } finally {
      setPaying(false);
    }
  };
  const busy = paying || loadingStates.placingOrder;
  return h(
    Button,
    { variant: 'default', size: 'xl', type: 'button', onClick, disabled: busy, className: 'w-full' },
    busy ? 'Processing payment…' : 'Place Order',
  );
}

/** The checkout's card method: ordinary card fields, authorized by the card network after the order is placed. */
export default function CardPayment() {
  const { registerPaymentComponent } = useCheckoutDispatch();
  useEffect(() => {
    registerPaymentComponent('paykit_card', {
      nameRenderer: () => h('span', null, 'Credit or debit card'),
      formRenderer: () => h(CardForm),
      checkoutButtonRenderer: () => h(PayButton),
    });
  }, [registerPaymentComponent]);
  return null;
}

export const layout = {
  areaId: 'checkoutFormAfter',
  sortOrder: 10,
};
