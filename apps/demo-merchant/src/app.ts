import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import { seededIds, sha256Hex, systemClock } from '@paykit/kernel';
import Fastify, { type FastifyInstance } from 'fastify';
import { discoveryRoutes } from './acp/discovery.js';
import { acpRoutes } from './acp/routes.js';
import { AcpCheckoutService } from './acp/service.js';
import { SUPPORTED_VERSIONS } from './acp/versions.js';
import { Catalogue } from './catalogue/catalogue.js';
import { defaultCatalogue } from './catalogue/products.js';
import { type DemoMerchantOptions } from './options.js';
import { OrderBook } from './orders/order-book.js';
import { DelegatedTokens } from './payments/delegated-tokens.js';
import { createTestPaymentGateway } from './payments/gateway.js';
import { createMerchantState, RequestLog, type DemoMerchantState } from './state.js';
import { AccountBook, defaultAccounts } from './web/accounts.js';
import { sendPage, type WebDeps } from './web/context.js';
import { notFoundPage } from './web/pages/walls.js';
import { accountRoutes } from './web/routes/account-routes.js';
import { captchaRoutes, installAccessGuard } from './web/routes/guard-routes.js';
import { checkoutRoutes } from './web/routes/checkout-routes.js';
import { shopRoutes } from './web/routes/shop-routes.js';
import { VisitorStore } from './web/visitors.js';

/** The bearer token of the agentic-checkout API unless `apiKey` is given (a documented test key, like a processor's test keys). */
export const DEFAULT_ACP_API_KEY = 'acp_test_demo_merchant_key';
export const DEFAULT_MERCHANT_ID = 'acct_demo_merchant';
/** Who the shop is to the card network. */
const SHOP_NAME = 'Demo Merchant';

export interface DemoMerchantApp {
  readonly app: FastifyInstance;
  readonly state: DemoMerchantState;
}

/** The shop as a Fastify instance that is not listening yet (use `app.inject` or `createDemoMerchant`). */
export const buildDemoMerchantApp = (options: DemoMerchantOptions = {}): DemoMerchantApp => {
  const seed = options.seed ?? 'demo-merchant';
  const clock = options.clock ?? systemClock;
  const catalogue = new Catalogue(options.catalogue ?? defaultCatalogue);
  const orderBook = new OrderBook(options.firstOrderNumber ?? 1001);
  const origin = () => options.publicUrl ?? listeningOrigin(app);
  const networkUrl = options.cardNetworkUrl;
  const gateway =
    options.paymentGateway ??
    createTestPaymentGateway(
      networkUrl === undefined
        ? {}
        : {
            cardNetwork: {
              url: typeof networkUrl === 'string' ? () => networkUrl : networkUrl,
              merchant: () => ({ name: SHOP_NAME, url: `${origin()}/` }),
            },
          },
    );
  const ordering = { catalogue, orderBook, gateway, clock };
  const payment = {
    provider: options.paymentProvider ?? 'stripe',
    merchantId: options.merchantId ?? DEFAULT_MERCHANT_ID,
  };
  const delegatedTokens = new DelegatedTokens({ ids: seededIds(`${seed}:delegated-tokens`), clock });
  const acp = new AcpCheckoutService({
    ...ordering,
    ids: seededIds(`${seed}:checkout-sessions`),
    payment,
    delegatedTokens,
  });
  const acpVersions = options.acpVersions ?? SUPPORTED_VERSIONS;
  const agenticCheckout = options.agenticCheckout ?? true;
  const web: WebDeps = {
    ...ordering,
    agenticCheckout,
    visitors: new VisitorStore(seededIds(`${seed}:visitors`)),
    accounts: new AccountBook(options.accounts ?? defaultAccounts),
    ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
  };
  const requestLog = new RequestLog();

  const app = Fastify({ logger: options.logger ?? false });
  app.addHook('onRequest', async (request) => requestLog.record(request));
  void app.register(fastifyCookie, { secret: options.cookieSecret ?? sha256Hex(`${seed}:cookies`) });
  void app.register(fastifyFormbody);
  installAccessGuard(app, {
    ...web,
    blockedPaths: options.blockedPaths ?? ['/blocked'],
    blockedUserAgents: options.blockedUserAgents ?? [],
  });
  const publicUrl = options.publicUrl ? { publicUrl: options.publicUrl } : {};
  if (agenticCheckout) {
    void app.register(discoveryRoutes, { ...publicUrl, versions: acpVersions });
    void app.register(acpRoutes, {
      service: acp,
      delegation: { tokens: delegatedTokens, clock, merchantId: payment.merchantId },
      auth: {
        apiKey: options.apiKey ?? DEFAULT_ACP_API_KEY,
        clock,
        ...(options.signatureKey ? { signatureKey: options.signatureKey } : {}),
      },
      versions: acpVersions,
      ...publicUrl,
    });
  }
  void app.register(shopRoutes, web);
  void app.register(checkoutRoutes, web);
  void app.register(accountRoutes, web);
  void app.register(captchaRoutes, web);
  app.setNotFoundHandler((request, reply) => sendPage(web, request, reply, undefined, notFoundPage('Page not found.')));

  return { app, state: createMerchantState({ catalogue, orderBook, acp, requestLog, origin }) };
};

/** `http://host:port` of the listening server, or empty before it listens. */
export const listeningOrigin = (app: FastifyInstance): string => {
  const address = app.server.address();
  if (!address || typeof address === 'string') return '';
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
};
