/** Every JSON-LD block of a page, parsed. */
export const jsonLdBlocks = (page: string): Record<string, unknown>[] =>
  [...page.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1] ?? 'null'),
  );

/** The visible text of the first element with a `data-testid`, tags stripped. */
export const textByTestId = (page: string, testId: string): string | undefined => {
  const match = new RegExp(`<(\\w+)[^>]*data-testid="${testId}"[^>]*>([\\s\\S]*?)</\\1>`).exec(page);
  return match?.[2]
    ?.replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
};

export const hasTestId = (page: string, testId: string): boolean => page.includes(`data-testid="${testId}"`);

/** The `href` of the `<link rel="...">` in the head. */
export const linkHref = (page: string, rel: string): string | undefined =>
  new RegExp(`<link rel="${rel}"[^>]*href="([^"]+)"`).exec(page)?.[1];
