import * as E from 'fp-ts/lib/Either.js';
import { invalid, type DomainError } from '@paykit/kernel';
import type { StartInquiryInput } from './kyc-port.js';

export type SandboxKycOutcome = 'approved' | 'declined' | 'needs-review';

const OUTCOMES: readonly SandboxKycOutcome[] = ['approved', 'declined', 'needs-review'];

/** Markers a tester puts in a name or an email address (`ana+decline@example.com`). */
const MARKERS: ReadonlyArray<readonly [string, SandboxKycOutcome]> = [
  ['+decline', 'declined'],
  ['+review', 'needs-review'],
  ['+approve', 'approved'],
];

/**
 * How the sandbox decides an identity check, first match wins:
 * 1. `sandboxOutcome`: `approved`, `declined` or `needs-review`;
 * 2. a marker in the name or the email: `+decline`, `+review`, `+approve` (any case);
 * 3. otherwise the sandbox's default (approved).
 */
export const sandboxOutcomeOf = (
  input: StartInquiryInput,
  fallback: SandboxKycOutcome,
): E.Either<DomainError, SandboxKycOutcome> => {
  if (input.sandboxOutcome !== undefined) {
    const chosen = OUTCOMES.find((outcome) => outcome === input.sandboxOutcome);
    return chosen
      ? E.right(chosen)
      : E.left(invalid('invalid_sandbox_outcome', `sandboxOutcome must be one of ${OUTCOMES.join(', ')}`));
  }
  const text = `${input.name ?? ''} ${input.email ?? ''}`.toLowerCase();
  const marked = MARKERS.find(([marker]) => text.includes(marker));
  return E.right(marked ? marked[1] : fallback);
};
