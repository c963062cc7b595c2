import type { CheckoutRunCommand } from '../commands.js';
import { runErrors } from '../errors.js';
import type { CheckoutRun, CheckoutRunState } from '../state.js';
import { postAgentMessage, postMessage } from './conversation.js';
import { recordCardAuthorization, recordCardClosed, recordCardIssued } from './cards.js';
import { type Decision, refuse } from './decision.js';
import { block, cancel, completeCancellation, fail, succeed } from './endings.js';
import { answerInput, expireInput, requestInput } from './input.js';
import { claim, create, deadlinePassed, leaseExpired, renewLease } from './lifecycle.js';
import { attachBrowser, detachBrowser, recordPaymentNotCharged, recordStep, startPayment } from './progress.js';

export const decide = (command: CheckoutRunCommand, state: CheckoutRunState): Decision => {
  if (command.type === 'Create') return create(command, state);
  if (!state.exists) return refuse(runErrors.notFound());
  return decideFor(command, state);
};

const decideFor = (command: Exclude<CheckoutRunCommand, { type: 'Create' }>, run: CheckoutRun): Decision => {
  switch (command.type) {
    case 'Claim':
      return claim(command, run);
    case 'RenewLease':
      return renewLease(command, run);
    case 'LeaseExpired':
      return leaseExpired(command, run);
    case 'DeadlinePassed':
      return deadlinePassed(command, run);
    case 'RecordStep':
      return recordStep(command, run);
    case 'AttachBrowser':
      return attachBrowser(command, run);
    case 'DetachBrowser':
      return detachBrowser(command, run);
    case 'RequestInput':
      return requestInput(command, run);
    case 'AnswerInput':
      return answerInput(command, run);
    case 'ExpireInput':
      return expireInput(command, run);
    case 'PostMessage':
      return postMessage(command, run);
    case 'PostAgentMessage':
      return postAgentMessage(command, run);
    case 'StartPayment':
      return startPayment(command, run);
    case 'RecordPaymentNotCharged':
      return recordPaymentNotCharged(command, run);
    case 'RecordCardIssued':
      return recordCardIssued(command, run);
    case 'RecordCardAuthorization':
      return recordCardAuthorization(command, run);
    case 'RecordCardClosed':
      return recordCardClosed(command, run);
    case 'Succeed':
      return succeed(command, run);
    case 'Block':
      return block(command, run);
    case 'Fail':
      return fail(command, run);
    case 'Cancel':
      return cancel(command, run);
    case 'CompleteCancellation':
      return completeCancellation(command, run);
  }
};
