/** Cuts a text to at most `max` characters (code points, as the run's limits count them). */
export const clip = (text: string, max: number): string => {
  const characters = [...text];
  return characters.length <= max ? text : `${characters.slice(0, max - 3).join('')}...`;
};
