/** Lower-case words of letters and digits, accents dropped: "Chalk white (sold out)" -> "chalk white sold out". */
export const normal = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
