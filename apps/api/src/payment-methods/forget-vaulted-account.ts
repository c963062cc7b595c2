import { Logger } from '@nestjs/common';
import type { BankAccountVaultPort } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';

const logger = new Logger('PaymentMethods');

/** Deletes a vaulted account (a method deleted, or one whose save failed); a failure is logged, never the token. */
export const forgetVaultedAccount = async (vault: BankAccountVaultPort, vaultToken: string): Promise<void> => {
  const deleted = await vault.deleteBankAccount(vaultToken);
  if (E.isLeft(deleted)) logger.warn(`Could not delete a vaulted bank account: ${deleted.left.code}`);
};
