import { tagsNamed } from './html-tags.js';

/** The page's `<a href>` targets on its own origin, absolute, without fragments, first occurrence first. */
export const sameOriginLinks = (html: string, pageUrl: string): string[] => {
  const page = new URL(pageUrl);
  const links = new Set<string>();
  for (const tag of tagsNamed(html, 'a')) {
    const href = tag.attributes.href;
    if (!href || !URL.canParse(href, page.href)) continue;
    const target = new URL(href, page);
    target.hash = '';
    if (target.origin === page.origin && target.href !== page.href) links.add(target.href);
  }
  return [...links];
};
