import type { Decider, DomainError } from '@paykit/kernel';
import type { TransferCommand } from './commands.js';
import { decide } from './decide/decide.js';
import type { TransferEvent } from './events.js';
import { evolve } from './evolve.js';
import type { TransferState } from './model.js';

/** The Transfer aggregate, stream `transfer-<transferId>`. */
export const transferDecider: Decider<TransferCommand, TransferEvent, TransferState, DomainError> = {
  decide,
  evolve,
  initialState: () => null,
};

export const transferStreamName = (transferId: string): string => `transfer-${transferId}`;
