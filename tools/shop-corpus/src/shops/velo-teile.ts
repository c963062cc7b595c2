import { type CardFormStyle, cardFormFields, payByCardForm } from '../server/card-form.js';
import { Cart } from '../server/cart.js';
import { esc, jsonLd } from '../server/html.js';
import { filled } from '../server/places.js';
import type { Route, ShopDefinition } from '../server/shop-server.js';

/** The shop's own card form (docs/adr/0245). */
const CARD: CardFormStyle = {
  prefix: 'karte_',
  expiry: { kind: 'one-field', placeholder: 'MM/JJ' },
  autocomplete: true,
};

interface Session {
  readonly cart: Cart;
  address?: Record<string, string>;
  ship?: (typeof SHIPPING)[number];
}

/** Prices include 19% VAT, written the German way: "24,90 €". */
const euro = (cents: number) => `${(cents / 100).toFixed(2).replace('.', ',')} €`;
const LIGHT = { name: 'Lumos Bike Light Set', sku: 'VT-LUMOS', cents: 2490 };
const SHIPPING = [
  { id: 'dhl', label: 'DHL Paket (international, 6–10 Werktage)', cents: 1290 },
  { id: 'express', label: 'DHL Express (2–3 Werktage)', cents: 2990 },
] as const;
const COUNTRIES = [
  ['DE', 'Deutschland'],
  ['AT', 'Österreich'],
  ['US', 'Vereinigte Staaten (USA)'],
  ['GB', 'Vereinigtes Königreich'],
] as const;

const page = (
  title: string,
  body: string,
  head = '',
) => `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>${esc(title)} | Velo-Teile</title>${head}
<style>body{font-family:Arial;margin:0 6%}label{display:block;margin:6px 0}.sum td{padding:2px 10px}</style></head><body><p><b>Velo-Teile</b> · Fahrradteile seit 1998</p>${body}</body></html>`;

const totalOf = (session: Session) => session.cart.subtotalCents + (session.ship?.cents ?? 0);

export const veloTeile: ShopDefinition<Session> = {
  id: 'velo-teile',
  name: 'Velo-Teile',
  hard: 'Held out (second batch). A German shop in euros: prices "24,90 €" with VAT included, labels in German (Vorname, Nachname, Straße und Hausnummer, PLZ, Ort, Land), country names in German, shipping in Werktage, "Gesamtsumme", and the legally required final button "Zahlungspflichtig bestellen"; maxCost in euros.',
  cookie: 'vt',
  orderBook: { currency: 'EUR', numberFor: (n) => `VT-2026-${300 + n}` },
  newSession: () => ({ cart: new Cart() }),
  routes: ({ orders }): Route<Session>[] => [
    {
      method: 'GET',
      path: '/artikel/lumos-licht-set',
      handle: () => ({
        html: page(
          LIGHT.name,
          `<h1>${LIGHT.name}</h1><p>StVZO-zugelassen, USB-C, 70 Lux.</p><p>${euro(LIGHT.cents)} <small>inkl. MwSt.</small></p>
<form method="post" action="/warenkorb"><label>Menge <input name="menge" type="number" value="1" min="1"></label><button type="submit">In den Warenkorb</button></form>`,
          jsonLd({
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: LIGHT.name,
            sku: LIGHT.sku,
            offers: {
              '@type': 'Offer',
              price: '24.90',
              priceCurrency: 'EUR',
              availability: 'https://schema.org/InStock',
            },
          }),
        ),
      }),
    },
    {
      method: 'POST',
      path: '/warenkorb',
      handle: ({ form, session }) => {
        session.cart.add({
          sku: LIGHT.sku,
          name: LIGHT.name,
          quantity: Math.max(1, Number(form.get('menge') ?? '1')),
          unitCents: LIGHT.cents,
        });
        return { redirect: '/warenkorb' };
      },
    },
    {
      method: 'GET',
      path: '/warenkorb',
      handle: ({ session }) => ({
        html: page(
          'Warenkorb',
          `<h1>Warenkorb</h1><p>${session.cart.count} × ${LIGHT.name}</p><a href="/kasse/adresse">Zur Kasse</a>`,
        ),
      }),
    },
    {
      method: 'GET',
      path: '/kasse/adresse',
      handle: () => ({
        html: page(
          'Adresse',
          `<h1>Lieferadresse</h1><form method="post" action="/kasse/adresse">
<label>Vorname <input name="vorname" required></label><label>Nachname <input name="nachname" required></label><label>E-Mail-Adresse <input name="email" type="email" required></label>
<label>Straße und Hausnummer <input name="strasse" required></label><label>Adresszusatz <input name="zusatz"></label>
<label>PLZ <input name="plz" required></label><label>Ort <input name="ort" required></label><label>Bundesland / Staat <input name="staat"></label>
<label>Land <select name="land" required>${COUNTRIES.map(([code, name]) => `<option value="${code}">${name}</option>`).join('')}</select></label><button type="submit">Weiter</button></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/kasse/adresse',
      handle: ({ form, session }) => {
        if (!['vorname', 'nachname', 'email', 'strasse', 'plz', 'ort', 'land'].every((name) => filled(form.get(name))))
          return { redirect: '/kasse/adresse' };
        session.address = Object.fromEntries(form.entries());
        return { redirect: '/kasse/versand' };
      },
    },
    {
      method: 'GET',
      path: '/kasse/versand',
      handle: () => ({
        html: page(
          'Versand',
          `<h1>Versandart</h1><form method="post" action="/kasse/versand">${SHIPPING.map((option, index) => `<label><input type="radio" name="versand" value="${option.id}"${index === 0 ? ' checked' : ''}> ${option.label} – ${euro(option.cents)}</label>`).join('')}<button type="submit">Weiter zur Übersicht</button></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/kasse/versand',
      handle: ({ form, session }) => {
        session.ship = SHIPPING.find((option) => option.id === form.get('versand')) ?? SHIPPING[0];
        return { redirect: '/kasse/uebersicht' };
      },
    },
    {
      method: 'GET',
      path: '/kasse/uebersicht',
      handle: ({ session }) => ({
        html: page(
          'Übersicht',
          `<h1>Bestellübersicht</h1><table class="sum"><tr><td>Zwischensumme</td><td>${euro(session.cart.subtotalCents)}</td></tr><tr><td>Versand</td><td>${euro(session.ship?.cents ?? 0)}</td></tr>
<tr><td><b>Gesamtsumme</b></td><td><b>${euro(totalOf(session))}</b></td></tr><tr><td>enthaltene MwSt. (19 %)</td><td>${euro(Math.round((totalOf(session) * 19) / 119))}</td></tr></table>
<form method="post" action="/kasse/bestellen">${cardFormFields(CARD)}<button type="submit">Zahlungspflichtig bestellen</button></form>`,
        ),
      }),
    },
    {
      method: 'POST',
      path: '/kasse/bestellen',
      handle: async ({ form, session }) => {
        const paid = await payByCardForm(orders, form, CARD, {
          email: session.address?.email ?? '',
          lines: session.cart.lines,
          totalCents: totalOf(session),
        });
        if ('problem' in paid) return { redirect: '/kasse/uebersicht' };
        session.cart.clear();
        return {
          html: page('Danke', `<h1>Vielen Dank für Ihre Bestellung!</h1><p>Bestellnummer: ${paid.order.number}</p>`),
        };
      },
    },
  ],
};
