import { type Clock } from '@paykit/kernel';
import { type AcpVersion } from './acp/versions.js';
import { type ProductDefinition } from './catalogue/products.js';
import { type PaymentGateway } from './payments/gateway.js';
import { type AccountDefinition } from './web/accounts.js';

export interface DemoMerchantOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  readonly port?: number;
  /** Interface to listen on; 127.0.0.1 by default. */
  readonly host?: string;
  /** Absolute origin used in links and the discovery document; by default the request's own origin. */
  readonly publicUrl?: string;
  /** Seeds every generated id (checkout sessions, visitors) and the cookie signing secret. */
  readonly seed?: string;
  /** Secret that signs the visitor and login cookies; derived from the seed when absent. */
  readonly cookieSecret?: string;
  readonly clock?: Clock;
  readonly catalogue?: readonly ProductDefinition[];
  readonly accounts?: readonly AccountDefinition[];
  /** Paths answered with 403 "Access denied"; `['/blocked']` by default. */
  readonly blockedPaths?: readonly string[];
  /** User-agent substrings (case-insensitive) answered with 403 on every path; none by default. */
  readonly blockedUserAgents?: readonly string[];
  /**
   * Whether the shop offers its agentic-checkout API (discovery link, `/.well-known/acp.json`,
   * `/checkout_sessions`); true by default. Off, it is a plain web shop: only a browser can buy.
   */
  readonly agenticCheckout?: boolean;
  /** The bearer token the agentic-checkout API requires of every request; `DEFAULT_ACP_API_KEY` by default. */
  readonly apiKey?: string;
  /** An agent's Ed25519 public key (PEM): the API then also requires `Signature` and `Timestamp` (docs/adr/0251). */
  readonly signatureKey?: string;
  /** The API versions offered (discovery document and `API-Version`); all four by default. */
  readonly acpVersions?: readonly AcpVersion[];
  /** Provider named in `payment_provider` / the card handler's `psp`; `stripe` (the protocol's only value) by default. */
  readonly paymentProvider?: string;
  /** This shop's merchant id in `payment_provider`, the card handler and delegated tokens' allowances; `acct_demo_merchant` by default. */
  readonly merchantId?: string;
  /** The processor that authorises payments; the documented test convention by default. */
  readonly paymentGateway?: PaymentGateway;
  /**
   * The card network the default processor asks about cards of the sandbox issuer's range
   * (4000 0099): the API's `POST {root}/sandbox/card-network/authorizations` (docs/adr/0226). A
   * function when the network starts after the shop. Without it those cards are declined.
   */
  readonly cardNetworkUrl?: string | (() => string | undefined);
  /** Sequence number of the first order: 1001 gives `DM-001001`. */
  readonly firstOrderNumber?: number;
  readonly logger?: boolean;
}
