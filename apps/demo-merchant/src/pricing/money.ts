/** Minor units (cents) as a plain decimal string: 1234 -> "12.34". */
export const toDecimalString = (minor: number): string => {
  const cents = String(minor % 100).padStart(2, '0');
  return `${Math.trunc(minor / 100)}.${cents}`;
};

/** Minor units as shown to shoppers: 123456 -> "$1,234.56". */
export const formatUsd = (minor: number): string => {
  const whole = Math.trunc(minor / 100).toLocaleString('en-US');
  return `$${whole}.${String(minor % 100).padStart(2, '0')}`;
};
