import { type DomainError, type Money, isPositiveDecimalWithin, parseDecimal } from '@paykit/kernel';
import { runErrors } from '../errors.js';
import { CURRENCY_CODE, MAX_COST_SHAPE, type CheckoutRunInput } from '../run/input.js';
import type { InputInteraction } from '../run/interaction.js';

/** Checks on values the decider relies on; the HTTP contract has already checked the rest. */
export const validMaxCost = (input: CheckoutRunInput) => (): DomainError | null => {
  const maxCost = input?.constraints?.maxCost;
  if (!maxCost || typeof maxCost.amount !== 'string' || !isPositiveDecimalWithin(maxCost.amount, MAX_COST_SHAPE)) {
    return runErrors.invalidField('input.constraints.maxCost.amount', 'must be a positive decimal within 15.6 digits');
  }
  return CURRENCY_CODE.test(maxCost.currency)
    ? null
    : runErrors.invalidField('input.constraints.maxCost.currency', 'must be three uppercase letters');
};

/** A non-negative plain decimal amount with a three-letter currency. */
export const validMoney = (field: string, money: Money | undefined) => (): DomainError | null => {
  if (!money || typeof money.amount !== 'string' || parseDecimal(money.amount) === null) {
    return runErrors.invalidField(`${field}.amount`, 'must be a non-negative decimal string');
  }
  return CURRENCY_CODE.test(money.currency)
    ? null
    : runErrors.invalidField(`${field}.currency`, 'must be three uppercase letters');
};

export const validDecimal = (field: string, value: unknown) => (): DomainError | null =>
  typeof value === 'string' && parseDecimal(value) !== null
    ? null
    : runErrors.invalidField(field, 'must be a non-negative decimal string');

export const validInteraction = (interaction: InputInteraction) => (): DomainError | null => {
  switch (interaction?.kind) {
    case 'form':
      return isPlainObject(interaction.schema)
        ? null
        : runErrors.invalidField('interaction.schema', 'must be a JSON Schema object');
    case 'payment': {
      const { amount } = interaction;
      if (amount?.type !== 'exact' && amount?.type !== 'maximum') {
        return runErrors.invalidField('interaction.amount.type', 'must be exact or maximum');
      }
      const decimal = parseDecimal(amount.amount);
      if (decimal === null || decimal.lte(0))
        return runErrors.invalidField('interaction.amount.amount', 'must be a positive decimal');
      return validMoney('interaction.amount', amount)();
    }
    case 'protected':
      return interaction.format === 'password'
        ? null
        : runErrors.invalidField('interaction.format', 'must be password');
    default:
      return runErrors.invalidField('interaction.kind', 'must be form, payment or protected');
  }
};

const isPlainObject = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value);
