import type { EventStore, RecordedEvent } from '@paykit/event-store';

/** A transaction the sandbox chain accepted, as its stream records it (the fields counted here). */
interface AcceptedTransaction {
  readonly kind: 'transfer' | 'mint';
  readonly to: string;
  /** `native`, or the token's address. */
  readonly token: string;
  readonly idempotencyKey?: string;
}

/**
 * What the sandbox providers recorded in the shared store, once they keep their state there
 * (branch `sandbox-state`): the chain's accepted transactions, card charges, payouts. Counting
 * these is counting at the provider: a second transfer, charge or payout would be a second record.
 */
export class ProviderRecords {
  private constructor(private readonly events: readonly RecordedEvent[]) {}

  static async read(store: EventStore): Promise<ProviderRecords> {
    const events: RecordedEvent[] = [];
    for await (const event of store.readAll()) if (event.type.startsWith('Sandbox')) events.push(event);
    return new ProviderRecords(events);
  }

  /** False while the providers keep their state in each process: then there is nothing here to count. */
  get kept(): boolean {
    return this.events.length > 0;
  }

  of(type: string): number {
    return this.events.filter((event) => event.type === type).length;
  }

  /** Chain transactions sent with this idempotency key (a transfer id, an order's delivery id). */
  transactionsKeyed(idempotencyKey: string): number {
    return this.transactions().filter((transaction) => transaction.idempotencyKey === idempotencyKey).length;
  }

  /** Faucet mints of a token (not the gas the faucet adds) into an address. */
  tokenMintsTo(address: string): number {
    return this.transactions().filter(
      (transaction) =>
        transaction.kind === 'mint' &&
        transaction.token !== 'native' &&
        transaction.to.toLowerCase() === address.toLowerCase(),
    ).length;
  }

  private transactions(): AcceptedTransaction[] {
    return this.events
      .filter((event) => event.type === 'SandboxTransactionAccepted')
      .map((event) => event.data as AcceptedTransaction);
  }
}
