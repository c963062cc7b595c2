/**
 * What shop controls say, by meaning. The words are the ones shops use for each step; no
 * single layout, shop or id is assumed.
 */

/** Puts the item in a cart, or buys it straight away (a "Buy it now" that leads to checkout). */
export const ADD_TO_CART =
  /\b(add to (cart|bag|basket|trolley|order)|add to shopping (cart|bag)|buy (it )?now|in den (warenkorb|einkaufswagen)|ajouter au panier|a[ñn]adir (al carrito|a la cesta)|agregar al carrito)\b|^add$/i;

/** A control that says the item cannot be bought. */
export const UNAVAILABLE = /\b(out of stock|sold out|unavailable|notify me|coming soon)\b/i;

export const CHECKOUT =
  /\b(proceed to checkout|check ?out|go to checkout|secure checkout|checkout now|order form|zur kasse|passer (la )?commande|finalizar (la )?compra|tramitar pedido)\b/i;

export const CART = /\b(view |my |your |shopping )?(cart|basket|bag|trolley|warenkorb|panier|carrito|cesta)\b/i;

/** Guest checkout offered beside a sign-in form. */
export const GUEST = /\b(continue|check ?out|proceed) as (a )?guest\b|\bguest check ?out\b|\bwithout (an )?account\b/i;

/**
 * The one irreversible step: the button that places the order or pays. Everything before it
 * may be submitted and undone; this one is pressed once, after the total on its page is read.
 */
export const FINAL = new RegExp(
  [
    '\\bplace (my |your |the )?order\\b',
    '^pay\\b(?!ment)',
    '\\bpay (now|securely|and place)\\b',
    '\\bcomplete (my |your |the )?(purchase|order|payment)\\b',
    '\\bconfirm (and|&) pay\\b',
    '\\bconfirm (my |your |the )?(order|purchase|payment)\\b',
    '\\bsubmit (my |your |the )?(order|payment)\\b',
    '^buy$',
    '^buy now$',
    '\\border (now|and pay)\\b',
    '^purchase( now)?$',
    '\\bfinish (my |your )?(order|purchase)\\b',
    // German law requires the final button to say so; French and Spanish shops' usual words.
    '\\b(zahlungspflichtig|kostenpflichtig) bestellen\\b',
    '^jetzt kaufen$',
    '^kaufen$',
    '\\bcommander et payer\\b',
    '^payer( maintenant)?$',
    '\\bconfirmer (et payer|la commande)\\b',
    '^pagar( ahora)?$',
    '\\bconfirmar (y pagar|pedido|compra)\\b',
    '\\brealizar pedido\\b',
  ].join('|'),
  'i',
);

/** Moves a checkout on without committing anything. */
export const CONTINUE =
  /\b(continue|next|proceed|review (your |my |the )?order|go to (shipping|delivery|payment|review)|save (and|&) continue|to (shipping|delivery|payment|review)|weiter|fortfahren|continuer|suivant|continuar|siguiente)\b|→$/i;

/** Controls that look like "continue" but lead away from the purchase. */
export const NOT_CONTINUE =
  /\b(continue shopping|keep (shopping|browsing)|back|edit|sign ?in|log ?in|create (an )?account|register|subscribe|apply|remove|cancel|paypal|apple pay|google pay|shop pay|weiter einkaufen|zur[uü]ck|continuer (mes|vos) achats|retour|seguir comprando|volver)\b/i;

/** Options that are not a delivery to the buyer's address. */
export const PICKUP = /\b(collect|pick ?-?up|in[- ]store|click (&|and) collect|local pickup)\b/i;

/** Shipping options that sound fast. */
export const FAST = /\b(express|overnight|next[\s-]day|priority|expedited|fastest|2[\s-]day|two[\s-]day|air)\b/i;

/** A notice that a price changed since the product page. */
export const PRICE_CHANGE = /\bprices?\b.{0,120}\b(changed|increased|went up|has gone up|is now|rose|risen|updated)\b/i;

/** A confirmation page's words, when no order number is shown. */
export const CONFIRMED =
  /\b(thank you|thanks)\b.{0,40}\border\b|\border (is |has been )?(confirmed|received|placed|complete)\b|\bwe('ve| have) received your order\b|\bvielen dank f[uü]r ihre bestellung\b|\bmerci pour votre commande\b|\bgracias por (tu|su) (pedido|compra)\b/i;

/** A checkbox a checkout requires to place the order: the shop's terms of sale (never marketing or newsletters). */
export const TERMS = /\b(terms|conditions|terms of (sale|service|use)|agree|accept)\b/i;
export const MARKETING = /\b(newsletter|marketing|offers|promotions?|subscribe|news|updates|emails? me)\b/i;
