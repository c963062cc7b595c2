import { WEBHOOK_EVENT_TYPES, messageIdOf, payloadSourceOf, renderPayload, webhookMessagesOf } from '../src/index.js';
import { type StreamEvent } from '../src/index.js';
import {
  PROJECT,
  order,
  orderStream,
  recorded,
  run,
  runStream,
  transferStream,
  transferSucceeded,
} from './source-events.js';

const typesOf = (event: Parameters<typeof webhookMessagesOf>[0]) =>
  webhookMessagesOf(event).map((message) => message.type);

describe('which source events raise webhooks', () => {
  it('raises the order webhooks from the order events', () => {
    expect(typesOf(recorded(orderStream, 0, order.created()))).toEqual(['orders.quote.created']);
    expect(typesOf(recorded(orderStream, 1, order.cardStarted()))).toEqual([]);
    expect(typesOf(recorded(orderStream, 2, order.cardSucceeded()))).toEqual(['orders.payment.succeeded']);
    expect(
      typesOf(
        recorded(orderStream, 3, {
          type: 'OrderKycOutcomeRecorded',
          data: { orderId: 'o', inquiryId: 'i', outcome: 'declined', recordedAt: '' },
        }),
      ),
    ).toEqual(['orders.payment.failed']);
    expect(
      typesOf(
        recorded(orderStream, 3, {
          type: 'OrderKycOutcomeRecorded',
          data: { orderId: 'o', inquiryId: 'i', outcome: 'approved', recordedAt: '' },
        }),
      ),
    ).toEqual([]);
  });

  it('raises the sender’s out and, for a wallet of ours, the recipient’s in, only when a transfer succeeds', () => {
    expect(typesOf(recorded(transferStream, 4, transferSucceeded(false)))).toEqual(['wallets.transfer.out']);
    expect(typesOf(recorded(transferStream, 4, transferSucceeded(true)))).toEqual([
      'wallets.transfer.out',
      'wallets.transfer.in',
    ]);
    expect(typesOf(recorded(transferStream, 0, { type: 'TransferBroadcast', data: {} }))).toEqual([]);
  });

  it('raises run.updated when what the snapshot shows changes, not on lease renewals', () => {
    expect(typesOf(recorded(runStream, 0, run.created()))).toEqual(['agent-checkouts.run.updated']);
    expect(typesOf(recorded(runStream, 1, run.claimed()))).toEqual(['agent-checkouts.run.updated']);
    expect(typesOf(recorded(runStream, 2, run.leaseRenewed()))).toEqual([]);
  });

  it('raises card.authorization for each authorization a run records on its card, and no run.updated', () => {
    expect(typesOf(recorded(runStream, 4, run.cardAuthorization()))).toEqual(['agent-checkouts.card.authorization']);
    expect(typesOf(recorded(runStream, 3, run.cardIssued()))).toEqual([]);
  });

  it('raises nothing for events of no project or of other streams', () => {
    expect(webhookMessagesOf(recorded(orderStream, 0, order.created(), null))).toEqual([]);
    expect(webhookMessagesOf(recorded('wallet-1', 0, { type: 'WalletCreated', data: {} }))).toEqual([]);
  });

  it('gives each message an id derived from its source event, the same on every replay, distinct per side', () => {
    const event = recorded(transferStream, 4, transferSucceeded(true));
    const [out, incoming] = webhookMessagesOf(event);
    expect(out).toEqual({
      messageId: messageIdOf(event.metadata.eventId, 'wallets.transfer.out'),
      type: 'wallets.transfer.out',
      projectId: PROJECT,
      occurredAt: event.metadata.occurredAt,
      source: { streamName: transferStream, revision: 4n, eventId: event.metadata.eventId },
    });
    expect(out?.messageId).toMatch(/^msg_[0-9a-f]{32}$/);
    expect(incoming?.messageId).not.toBe(out?.messageId);
    expect(webhookMessagesOf({ ...event, metadata: { ...event.metadata } })).toEqual([out, incoming]);
    expect(webhookMessagesOf(recorded(transferStream, 4, transferSucceeded(true)))[0]?.messageId).not.toBe(
      out?.messageId,
    );
  });

  it('lists the ten COMPAT event names and the card authorization of runs', () => {
    expect(WEBHOOK_EVENT_TYPES).toHaveLength(11);
    expect(WEBHOOK_EVENT_TYPES.at(-1)).toBe('agent-checkouts.card.authorization');
  });
});

describe('payloads', () => {
  const stream = [order.created(), order.cardStarted(), order.cardSucceeded()].map((event, index) =>
    recorded(orderStream, index, event),
  );

  it('shows the order as it was right after the source event, whatever came later', () => {
    const quoteCreated = renderPayload('orders.quote.created', stream.slice(0, 1));
    expect(quoteCreated).toMatchObject({
      type: 'orders.quote.created',
      data: {
        orderId: '7a1c9e52-3f4b-4d8e-9a21-5b6c7d8e9f01',
        phase: 'payment',
        payment: { status: 'awaiting-payment' },
      },
    });
    const paid = renderPayload('orders.payment.succeeded', stream);
    expect(paid).toMatchObject({ data: { phase: 'delivery', payment: { status: 'completed' } } });
  });

  it('reads the stream from its start up to the source event for orders and runs, the one event for transfers', () => {
    expect(payloadSourceOf('orders.payment.succeeded', 2n)).toEqual({ fromRevision: 0n, maxCount: 3 });
    expect(payloadSourceOf('agent-checkouts.run.updated', 0n)).toEqual({ fromRevision: 0n, maxCount: 1 });
    expect(payloadSourceOf('wallets.transfer.in', 4n)).toEqual({ fromRevision: 4n, maxCount: 1 });
  });

  it('carries each side of a transfer from its own wallet’s point of view', () => {
    const events: StreamEvent[] = [recorded(transferStream, 4, transferSucceeded(true))];
    const out = renderPayload('wallets.transfer.out', events);
    const incoming = renderPayload('wallets.transfer.in', events);
    expect(out.data).toMatchObject({
      type: 'wallets.transfer.out',
      walletId: 'wallet-a',
      amount: { decimal: '2.5', baseUnits: '2500000' },
      txId: '0xabc',
    });
    expect(incoming.data).toMatchObject({
      type: 'wallets.transfer.in',
      walletId: 'wallet-b',
      counterpartyAddress: '0x9f1A0469CBce2fEb53C705746446981548845b3B',
    });
    expect(() => renderPayload('wallets.transfer.in', [recorded(transferStream, 4, transferSucceeded(false))])).toThrow(
      'No wallets.transfer.in side',
    );
  });

  it('renders no order or run payload from a stream that holds none, saying so', () => {
    expect(() => renderPayload('orders.quote.created', [])).toThrow('The source stream holds no order');
    expect(() => renderPayload('agent-checkouts.run.updated', [])).toThrow('The source stream holds no run');
  });

  it('carries the authorization with its run and what may be shown of its card', () => {
    const events = [run.created(), run.claimed(), run.paymentStarted(), run.cardIssued(), run.cardAuthorization()].map(
      (event, index) => recorded(runStream, index, event),
    );
    expect(payloadSourceOf('agent-checkouts.card.authorization', 4n)).toEqual({ fromRevision: 0n, maxCount: 5 });
    expect(renderPayload('agent-checkouts.card.authorization', events)).toEqual({
      type: 'agent-checkouts.card.authorization',
      data: {
        runId: 'f3b0c442-98fc-4c14-9afb-4c8996fb9242',
        attemptId: 'pay-1',
        card: { last4: '4560', brand: 'visa', cap: { amount: '18.86', currency: 'USD' } },
        authorization: {
          authorizationId: 'auth_1',
          amount: { amount: '18.86', currency: 'USD' },
          merchant: { name: 'Shop', url: 'https://shop.example/checkout' },
          approved: true,
          at: '2026-01-01T00:00:00.000Z',
        },
      },
    });
    expect(() => renderPayload('agent-checkouts.card.authorization', events.slice(0, 4))).toThrow(
      'holds no authorization',
    );
  });

  it('shows a run’s snapshot at the source event’s revision', () => {
    const events = [run.created(), run.claimed()].map((event, index) => recorded(runStream, index, event));
    expect(renderPayload('agent-checkouts.run.updated', events.slice(0, 1)).data).toMatchObject({
      status: 'queued',
      revision: 0,
    });
    expect(renderPayload('agent-checkouts.run.updated', events).data).toMatchObject({ status: 'running', revision: 1 });
  });
});
