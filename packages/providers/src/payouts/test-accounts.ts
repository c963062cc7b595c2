/** What a sandbox payout does, by the last four digits of the account it pays. */
export type SandboxAccountBehaviour = 'settle' | 'account-closed' | 'never-settle';

/**
 * The sandbox's magic account numbers: an account ending in 0002 is closed (the payout is
 * returned when it would settle), one ending in 0003 never settles (stays sent); any other
 * account settles.
 */
export const behaviourOfAccount = (accountSuffix: string): SandboxAccountBehaviour => {
  switch (accountSuffix) {
    case '0002':
      return 'account-closed';
    case '0003':
      return 'never-settle';
    default:
      return 'settle';
  }
};
