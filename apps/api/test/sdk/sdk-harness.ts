import { CrossmintWallets, Wallet, createCrossmint } from '@crossmint/wallets-sdk';
import type { TestServerOptions } from '../support/start-server.js';
import { type TestProject, type WalletServer, startWalletServer } from '../wallets/wallet-server.js';
import { type KeySwappingProxy, startKeySwappingProxy } from './key-swapping-proxy.js';
import { type OfflineFetch, blockNonLoopbackFetch } from './offline-fetch.js';

/**
 * A server key in the SDK's own format, published in the test suite of the SDK's public
 * repository. The SDK only checks its signature locally; the proxy replaces it with a key of
 * ours before anything reaches the API, and no request leaves this machine, so it authorises
 * nothing here.
 */
export const SDK_SERVER_KEY =
  'sk_staging_A4vDwAp4t5az6fVQMpQK6qapBnAqgpxrrD35TaFQnyKgxehNbd959uZeaHjNCadWDXrgLRAK1CxeasZjtYEq4TbFkKMBBvbQ9oinAxQf8LbHsSYW2DMzT8fBko3YGLq9t7ZiXZjmgkTioxGVUUjyLtWLeBKwNUDLgpshWjaoR7pKRnSE9SqhwjQbiK62VKiBTdA3KvHsyG9k8mLMcKrDyfXp';

/** A test with several sends and approvals needs more than jest's default 5 s on a loaded machine. */
export const SDK_TEST_TIMEOUT_MS = 30_000;

/** The longest the SDK's wallets wait between a request and the next poll, in these tests. */
const SDK_WAIT_MS = 20;

/**
 * A wallet of the SDK sleeps a second after each approval, then polls the transaction every half
 * second to two (its rule of thumb for a real chain's block). The sandbox chains here confirm in
 * tens of milliseconds, so the waits only idled a jest worker (about 50 s of each suite run): the
 * harness caps them. The SDK still polls until the transaction is final, as it would anywhere.
 */
const shortenSdkWaits = (): { restore(): void } => {
  const prototype = Wallet.prototype as unknown as { sleep(ms: number): Promise<unknown> };
  const original = prototype.sleep;
  prototype.sleep = function (ms: number) {
    return original.call(this, Math.min(ms, SDK_WAIT_MS));
  };
  return {
    restore: () => {
      prototype.sleep = original;
    },
  };
};

/** A server-recovery secret as the SDK wants it: 64 hex characters. */
export const serverSecret = (seed: number): string => seed.toString(16).padStart(2, '0').repeat(32);

/**
 * The SDK logs every step to the console at debug level; warnings and errors stay visible, but
 * one: it warns on every approval that recovery is skipped because the signer is not a device
 * signer, which is true of every signer these tests use (hundreds of lines in a CI log).
 */
const quietSdkConsole = (): { restore(): void } => {
  const { debug, info, log, warn } = console;
  const silent = (): void => undefined;
  const warnUnlessRecoverySkipped = (...args: unknown[]): void => {
    const [message, context] = args as [unknown, { reason?: unknown } | undefined];
    const skipped =
      message === '[SDK] wallet.recover.skipped' && context?.reason === 'Recovery is only supported for device signers';
    if (!skipped) warn(...args);
  };
  Object.assign(console, { debug: silent, info: silent, log: silent, warn: warnUnlessRecoverySkipped });
  return { restore: () => Object.assign(console, { debug, info, log, warn }) };
};

export interface SdkHarness {
  readonly api: WalletServer;
  readonly project: TestProject;
  readonly proxy: KeySwappingProxy;
  readonly offline: OfflineFetch;
  readonly sdk: CrossmintWallets;
  close(): Promise<void>;
}

/**
 * The API (embedded store, sandbox chains) with a project of its own, and the public wallets
 * SDK pointed at it through the key-swapping proxy, with its telemetry kept on this machine.
 */
export const startSdkHarness = async (options: TestServerOptions = {}): Promise<SdkHarness> => {
  const offline = blockNonLoopbackFetch();
  const quiet = quietSdkConsole();
  const waits = shortenSdkWaits();
  const api = await startWalletServer(options);
  const project = await api.project();
  const proxy = await startKeySwappingProxy(api.server.baseUrl, project.serverKey);
  const sdk = CrossmintWallets.from(createCrossmint({ apiKey: SDK_SERVER_KEY, overrideBaseUrl: proxy.url }));
  return {
    api,
    project,
    proxy,
    offline,
    sdk,
    close: async () => {
      await proxy.close();
      await api.close();
      quiet.restore();
      waits.restore();
    },
  };
};
