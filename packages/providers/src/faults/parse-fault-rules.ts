import * as E from 'fp-ts/lib/Either.js';
import { invalid, type DomainError } from '@paykit/kernel';
import { FAULT_KINDS, type FaultKind, type FaultRule } from './sandbox-faults.js';

const RULE = /^([a-z*][a-zA-Z.*]*)=([a-z]+)(?::([1-9]\d{0,5}))?$/;

/**
 * Reads fault rules from configuration text such as
 * `cards.charge=unavailable:2, pricing.*=timeout, kyc.getInquiry=malformed`
 * (operation=kind[:times]), so a staging process can be started with failures injected.
 */
export const parseFaultRules = (text: string): E.Either<DomainError, readonly FaultRule[]> => {
  const rules: FaultRule[] = [];
  for (const part of text
    .split(',')
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')) {
    const match = RULE.exec(part);
    const kind = match?.[2] as FaultKind | undefined;
    if (!match || !kind || !FAULT_KINDS.includes(kind)) {
      return E.left(invalid('invalid_fault_rule', `"${part}" is not operation=${FAULT_KINDS.join('|')}[:times]`));
    }
    const times = match[3] === undefined ? undefined : Number(match[3]);
    rules.push(
      times === undefined ? { operation: match[1] ?? '*', kind } : { operation: match[1] ?? '*', kind, times },
    );
  }
  return E.right(rules);
};
