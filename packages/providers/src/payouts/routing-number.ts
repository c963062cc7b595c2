const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

/** The ABA routing number checksum: 3-7-1 weighted digits sum to a multiple of 10. */
export const isRoutingNumber = (value: string): boolean => {
  if (!/^\d{9}$/.test(value)) return false;
  const sum = WEIGHTS.reduce((total, weight, index) => total + weight * Number(value[index]), 0);
  return sum % 10 === 0;
};

/** US account numbers run from 4 to 17 digits. */
export const isAccountNumber = (value: string): boolean => /^\d{4,17}$/.test(value);
