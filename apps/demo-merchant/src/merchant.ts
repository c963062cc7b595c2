import { buildDemoMerchantApp, listeningOrigin } from './app.js';
import { type DemoMerchantOptions } from './options.js';
import { type DemoMerchantState } from './state.js';

export interface DemoMerchant {
  /** `http://127.0.0.1:<port>`, the shop's origin (or `publicUrl` when given). */
  readonly url: string;
  readonly state: DemoMerchantState;
  close(): Promise<void>;
}

/** Starts the shop on `host:port` (127.0.0.1 and a free port by default). */
export const createDemoMerchant = async (options: DemoMerchantOptions = {}): Promise<DemoMerchant> => {
  const { app, state } = buildDemoMerchantApp(options);
  await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  return {
    url: options.publicUrl ?? listeningOrigin(app),
    state,
    close: () => app.close(),
  };
};
