import { Decimal } from '@paykit/kernel';
import type { RecordedEvent } from '@paykit/event-store';
import type { ProviderStreams } from '../state/provider-streams.js';
import type { CardRefund, Charge } from './card-processor-port.js';

/** A charge and what happened to it: verification, refunds. */
export const chargeStream = (chargeId: string): string => `sandboxCharge-${chargeId}`;
/** Which charge a verification step belongs to; named by a hash, as the id is the cardholder's capability. */
export const verificationStream = (verificationIdHash: string): string =>
  `sandboxCardVerification-${verificationIdHash}`;

export const CHARGE_CREATED = 'SandboxChargeCreated';
export const CHARGE_VERIFIED = 'SandboxChargeVerified';
export const CHARGE_REFUNDED = 'SandboxChargeRefunded';
export const VERIFICATION_OPENED = 'SandboxCardVerificationOpened';

/** Sealed in `SandboxChargeCreated`: the charge and a hash of the request that made it. */
export interface ChargeCreated {
  readonly charge: Charge;
  readonly fingerprint: string;
}

export interface ChargeVerified {
  readonly charge: Charge;
}

/** Sealed in `SandboxChargeRefunded`: the refund, and the hashes of its key and request. */
export interface ChargeRefunded {
  readonly refund: CardRefund;
  readonly keyHash: string;
  readonly fingerprint: string;
}

export interface ChargeState {
  readonly charge: Charge;
  readonly fingerprint: string;
  readonly refunds: ReadonlyMap<string, ChargeRefunded>;
  readonly refunded: Decimal;
  /** The stream's revision: the next write expects it. */
  readonly revision: bigint;
}

/** The charge as its stream tells it; undefined when there is no such charge. */
export const foldCharge = (
  streams: ProviderStreams,
  stream: string,
  events: readonly RecordedEvent[],
): ChargeState | undefined => {
  let state: ChargeState | undefined;
  for (const event of events) {
    if (event.type === CHARGE_CREATED) {
      const created = streams.open<ChargeCreated>(stream, event.data);
      state = { ...created, refunds: new Map(), refunded: new Decimal(0), revision: event.revision };
    } else if (state && event.type === CHARGE_VERIFIED) {
      state = { ...state, charge: streams.open<ChargeVerified>(stream, event.data).charge, revision: event.revision };
    } else if (state && event.type === CHARGE_REFUNDED) {
      const refunded = streams.open<ChargeRefunded>(stream, event.data);
      state = {
        ...state,
        refunds: new Map([...state.refunds, [refunded.keyHash, refunded]]),
        refunded: state.refunded.add(refunded.refund.amount.amount),
        revision: event.revision,
      };
    }
  }
  return state;
};
