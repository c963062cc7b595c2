import { directionsOfEvent, type TransferEvent } from '../src/index.js';
import {
  MUCH_LATER,
  RECIPIENT_ADDRESS,
  TRANSFER_ID,
  USDXM_ADDRESS,
  WALLET_ADDRESS,
  after,
  approved,
  broadcast,
  createEvm,
  created,
  spec,
} from './fixtures.js';

const token = { locator: 'base-sepolia:usdc', native: false, address: USDXM_ADDRESS, decimals: 6, symbol: 'usdxm' };
const amount = { decimal: '12.5', baseUnits: '12500000' };
const finality = { type: 'RecordFinality' as const, data: { completedAt: MUCH_LATER } };
const succeededEvent = (events: TransferEvent[]) =>
  spec.given(after(events, broadcast())).when(finality).events()[0] as TransferEvent;

describe('directionsOfEvent', () => {
  it('gives the sender an out and a recipient wallet of ours an in, with amounts both ways', () => {
    expect(directionsOfEvent(succeededEvent(approved()))).toStrictEqual([
      {
        type: 'wallets.transfer.out',
        walletId: 'wallet-1',
        walletAddress: WALLET_ADDRESS,
        counterpartyAddress: RECIPIENT_ADDRESS,
        transferId: TRANSFER_ID,
        chain: 'base-sepolia',
        chainType: 'evm',
        token,
        amount,
        txId: '0xabc1',
      },
      {
        type: 'wallets.transfer.in',
        walletId: 'wallet-2',
        walletAddress: RECIPIENT_ADDRESS,
        counterpartyAddress: WALLET_ADDRESS,
        transferId: TRANSFER_ID,
        chain: 'base-sepolia',
        chainType: 'evm',
        token,
        amount,
        txId: '0xabc1',
      },
    ]);
  });

  it('gives only the out when the recipient is not one of our wallets', () => {
    const external = created(
      createEvm({ recipient: { locator: RECIPIENT_ADDRESS, address: RECIPIENT_ADDRESS }, requiredApprovals: [] }),
    );
    expect(directionsOfEvent(succeededEvent(external)).map((direction) => direction.type)).toEqual([
      'wallets.transfer.out',
    ]);
  });

  it('gives nothing for events where no funds moved', () => {
    const events = after(after(approved(), broadcast()), {
      type: 'RecordFailure',
      data: { error: { message: 'reverted', reason: 'reverted' }, failedAt: MUCH_LATER },
    });
    expect(events.flatMap(directionsOfEvent)).toEqual([]);
  });
});
