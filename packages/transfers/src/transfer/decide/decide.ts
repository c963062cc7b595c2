import type * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import type { TransferCommand } from '../commands.js';
import type { TransferEvent } from '../events.js';
import type { TransferState } from '../model.js';
import { expireApprovals, submitApprovals } from './approvals.js';
import { recordBroadcast, recordConfirmation } from './broadcast.js';
import { createTransfer } from './create.js';
import { recordFailure, recordFeeBilling, recordFinality } from './outcome.js';

export const decide = (
  command: TransferCommand,
  state: TransferState,
): E.Either<DomainError, readonly TransferEvent[]> => {
  switch (command.type) {
    case 'CreateTransfer':
      return createTransfer(command, state);
    case 'SubmitApprovals':
      return submitApprovals(command, state);
    case 'ExpireApprovals':
      return expireApprovals(command, state);
    case 'RecordBroadcast':
      return recordBroadcast(command, state);
    case 'RecordConfirmation':
      return recordConfirmation(command, state);
    case 'RecordFinality':
      return recordFinality(command, state);
    case 'RecordFailure':
      return recordFailure(command, state);
    case 'RecordFeeBilling':
      return recordFeeBilling(command, state);
  }
};
