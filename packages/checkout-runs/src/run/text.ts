/**
 * Text limits count characters (Unicode code points), as the spec's "1 to 2000 characters"
 * reads, not UTF-16 units: an emoji is one character.
 */
export const characterCount = (text: string): number => {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
};

export const hasCharactersBetween = (text: string, limits: { min: number; max: number }): boolean => {
  const count = characterCount(text);
  return count >= limits.min && count <= limits.max;
};
