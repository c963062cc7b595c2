import { DISCOVERY_LINK_REL, DISCOVERY_PATH } from '../../acp/discovery.js';
import { html, type HtmlValue, type SafeHtml } from './html.js';

export interface LayoutAccount {
  readonly name: string;
  readonly email: string;
}

export interface PageOptions {
  readonly title: string;
  readonly origin: string;
  /** Whether to link the agentic-checkout discovery document. */
  readonly discovery: boolean;
  readonly account?: LayoutAccount;
  readonly cartCount?: number;
  readonly head?: HtmlValue;
  readonly body: HtmlValue;
}

const STYLES = `
body{font-family:system-ui,sans-serif;margin:0;color:#1d1d1f;background:#fafafa}
header{display:flex;gap:1rem;align-items:center;padding:.75rem 1.5rem;background:#14213d;color:#fff}
header a{color:#fff}header .brand{font-weight:700;font-size:1.2rem;text-decoration:none}
header nav{display:flex;gap:1rem;flex:1}header form{display:inline;margin:0}
main{max-width:56rem;margin:1.5rem auto;padding:0 1.5rem}
.price{font-size:1.4rem;font-weight:600}.error,[role=alert]{color:#b00020;font-weight:600}
.notice{background:#fff4ce;padding:.5rem .75rem;border-left:4px solid #e0a800}
label{display:block;margin:.6rem 0 .2rem}input,select{padding:.4rem;min-width:16rem}
button,.button{margin-top:1rem;padding:.55rem 1.2rem;background:#fca311;border:0;color:#000;font-weight:600;cursor:pointer;text-decoration:none;display:inline-block}
button[disabled]{background:#ccc;cursor:not-allowed}
table{border-collapse:collapse;width:100%}td,th{padding:.4rem;border-bottom:1px solid #ddd;text-align:left}
.amount{text-align:right}ul.products{list-style:none;padding:0}ul.products li{margin:.5rem 0}
`;

/** Every page: discovery pointer to the agentic-checkout API, inline styles, header with cart and account. */
export const page = (options: PageOptions): SafeHtml => html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${options.title} | Demo Merchant</title>
${options.discovery ? html`<link rel="${DISCOVERY_LINK_REL}" type="application/json" href="${options.origin}${DISCOVERY_PATH}">` : ''}
<style>${STYLES}</style>
${options.head}
</head>
<body>
<header>
<a class="brand" href="/">Demo Merchant</a>
<nav><a href="/">Shop</a><a href="/cart" id="cart-link" data-testid="cart-link">Cart (${options.cartCount ?? 0})</a></nav>
${
  options.account
    ? html`<span data-testid="account-status">Logged in as ${options.account.name} (${options.account.email})</span>
<form method="post" action="/logout"><button type="submit" id="logout-button">Log out</button></form>`
    : html`<a href="/login" id="login-link" data-testid="login-link">Log in</a>`
}
</header>
<main>
${options.body}
</main>
</body>
</html>
`;
