import { rightOf } from '../support.js';
import { describeChainGatewayConformance } from './chain-gateway-conformance.js';
import { mpcWallet, sandbox, usdxmOn } from './support.js';

const CHAIN = 'solana';
const setup = sandbox();
const sender = mpcWallet('solana', 'sandbox conformance sender');
let recipients = 0;

beforeAll(async () => {
  rightOf(await setup.gateway.fund({ chain: CHAIN, address: sender.address, token: 'usdxm', amount: '10' }));
  setup.clock.advance(1_000);
});

describeChainGatewayConformance('sandbox', () => ({
  gateway: setup.gateway,
  chain: CHAIN,
  token: usdxmOn(CHAIN),
  sender,
  freshRecipient: () => Promise.resolve(mpcWallet('solana', `sandbox conformance recipient ${++recipients}`).address),
  finalize: () => {
    setup.clock.advance(5_000);
    return Promise.resolve();
  },
}));
