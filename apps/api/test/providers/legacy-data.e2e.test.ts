import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MemoryEventStore } from '@paykit/event-store';
import { systemClock } from '@paykit/kernel';
import { type BlobStore, FileBlobStore, SandboxChainGateway, sandboxChainStream } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { DOCUMENT_BLOBS } from '../../src/documents/document-blobs.js';
import { IdentitySecrets } from '../../src/users/secrets/identity-secrets.js';
import { CHAIN, WALLETS } from '../orders/order-server.js';
import { type RestartableServer, startRestartableServer } from './restartable-server.js';

/** Journal lines as an earlier version wrote them, for faucets of these amounts to one address. */
const journalLines = async (address: string, amounts: readonly string[]): Promise<string[]> => {
  const store = new MemoryEventStore();
  const gateway = new SandboxChainGateway({
    environment: 'staging',
    clock: systemClock,
    timing: { blockTimeMs: 20 },
    store,
  });
  for (const amount of amounts) {
    const funded = await gateway.fund({ chain: CHAIN, address, token: 'usdxm', amount });
    if (E.isLeft(funded)) throw new Error(funded.left.message);
  }
  const lines: string[] = [];
  for await (const event of store.readStream(sandboxChainStream('staging', CHAIN)))
    lines.push(JSON.stringify(event.data));
  return lines;
};

describe('the data an earlier version kept under DATA_DIR', () => {
  let server: RestartableServer;
  afterAll(() => server?.close());

  it('is moved into the event store on the next start: the chain journal (torn line and all) and document files', async () => {
    server = await startRestartableServer();
    const dataDir = server.app().config.DATA_DIR;
    const wallet = (
      await server.call('POST', WALLETS, { chainType: 'evm', type: 'mpc', owner: 'email:old@example.com' })
    ).body.address as string;

    // Faucets of 7 (with gas), then 3 cut off mid-write, then 5 appended onto the torn line.
    const [seven, gas, three, five] = await journalLines(wallet, ['7', '3', '5']);
    const journal = join(dataDir, 'chain-sandbox-staging.jsonl');
    writeFileSync(journal, `${seven}\n${gas}\n${three!.slice(0, 50)}${five}\n`);
    const documents = join(dataDir, 'documents');
    mkdirSync(documents, { recursive: true });
    const files = new FileBlobStore({
      directory: documents,
      encryptionKey: server.app().app.get(IdentitySecrets).encryptionKey('documents'),
    });
    const scan = Buffer.from('%PDF-1.4 an earlier upload');
    expect(E.isRight(await files.put('documents/p/legacy', scan, 'application/pdf'))).toBe(true);

    await server.restart();

    const balances = await server.call('GET', `${WALLETS}/${wallet}/balances?tokens=usdc&chains=${CHAIN}`);
    expect(balances.body[0].amount).toBe('12');
    expect([existsSync(journal), existsSync(`${journal}.imported`)]).toEqual([false, true]);
    const stored = await server.app().app.get<BlobStore>(DOCUMENT_BLOBS).get('documents/p/legacy');
    expect(E.isRight(stored) && stored.right).toEqual({ bytes: Uint8Array.from(scan), contentType: 'application/pdf' });
    expect(existsSync(documents)).toBe(false);

    // Imported once: another restart finds nothing more to move and the balance unchanged.
    await server.restart();
    expect((await server.call('GET', `${WALLETS}/${wallet}/balances?tokens=usdc&chains=${CHAIN}`)).body[0].amount).toBe(
      '12',
    );
  });
});
