import { MalformedSuiAnswer } from './sui-errors.js';
import { expectRecord, expectUnits } from './sui-reads.js';

/** What the adapter reads of a transaction's effects (`TransactionEffects` v1). */
export interface SuiEffects {
  readonly ok: boolean;
  /** `ExecutionFailureStatus` as the node prints it, for a failure. */
  readonly error: string;
  readonly executedEpoch: bigint;
  readonly computationCost: bigint;
  readonly storageCost: bigint;
  readonly storageRebate: bigint;
}

export const suiEffectsOf = (value: unknown): SuiEffects => {
  const effects = expectRecord(value, 'effects');
  const status = expectRecord(effects.status, 'effects.status');
  if (status.status !== 'success' && status.status !== 'failure')
    throw new MalformedSuiAnswer('effects.status.status is neither success nor failure');
  const gasUsed = expectRecord(effects.gasUsed, 'effects.gasUsed');
  return {
    ok: status.status === 'success',
    error: typeof status.error === 'string' ? status.error : 'the transaction failed',
    executedEpoch: expectUnits(effects.executedEpoch, 'effects.executedEpoch'),
    computationCost: expectUnits(gasUsed.computationCost, 'gasUsed.computationCost'),
    storageCost: expectUnits(gasUsed.storageCost, 'gasUsed.storageCost'),
    storageRebate: expectUnits(gasUsed.storageRebate, 'gasUsed.storageRebate'),
  };
};

/**
 * What the sender paid: computation plus storage less the rebate of the storage it freed. A
 * transaction that frees more than it stores nets below zero; we report 0, not a credit.
 */
export const netGasOf = (effects: SuiEffects): bigint => {
  const net = effects.computationCost + effects.storageCost - effects.storageRebate;
  return net > 0n ? net : 0n;
};

/** The SDK's own margin over a dry run (`GAS_SAFE_OVERHEAD` gas units at the gas price). */
const GAS_SAFE_OVERHEAD = 1_000n;

/** The budget to execute with after a dry run, as the SDK sets it, never above the budget dry-run with. */
export const budgetAfterDryRun = (effects: SuiEffects, gasPrice: bigint, ceiling: bigint): bigint => {
  const computation = effects.computationCost + GAS_SAFE_OVERHEAD * gasPrice;
  const withStorage = computation + effects.storageCost - effects.storageRebate;
  const budget = withStorage > computation ? withStorage : computation;
  return budget < ceiling ? budget : ceiling;
};
