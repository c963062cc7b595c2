import { SCENARIOS } from './scenarios.js';
import { startShopCorpus } from './corpus.js';

/** `node dist/main.js`: serves every corpus shop on loopback and prints where, to try them by hand. */
const corpus = await startShopCorpus();
for (const shop of corpus.shops) {
  const scenario = SCENARIOS.find((candidate) => candidate.shop === shop.id);
  console.log(`${shop.id.padEnd(20)} ${shop.url}${scenario?.path ?? '/'}`);
}
const stop = () => void corpus.close().then(() => process.exit(0));
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
