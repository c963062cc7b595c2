/** The UTC calendar day of an instant; days compare as strings. */
export const calendarDayOf = (instant: Date): string => instant.toISOString().slice(0, 10);

/** Whole years between a birth date and a day, both `YYYY-MM-DD`. */
export const yearsBetween = (from: string, to: string): number => {
  const years = Number(to.slice(0, 4)) - Number(from.slice(0, 4));
  return to.slice(5) < from.slice(5) ? years - 1 : years;
};
