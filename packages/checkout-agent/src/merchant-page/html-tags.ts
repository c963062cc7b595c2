/**
 * Just enough HTML reading for merchant pages: start tags with their attributes, and the
 * text of `<script>` elements. Pages are data here, never rendered or executed.
 */
export interface HtmlTag {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
}

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

export const decodeEntities = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, body: string) => {
    if (body.startsWith('#x') || body.startsWith('#X')) return String.fromCodePoint(Number.parseInt(body.slice(2), 16));
    if (body.startsWith('#')) return String.fromCodePoint(Number(body.slice(1)));
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });

const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

/** Every start tag named `name` (case-insensitive), in document order. */
export const tagsNamed = (html: string, name: string): HtmlTag[] => {
  const tags: HtmlTag[] = [];
  const pattern = new RegExp(`<${name}(\\s[^>]*)?>`, 'gi');
  for (const match of html.matchAll(pattern)) {
    const attributes: Record<string, string> = {};
    for (const attribute of (match[1] ?? '').matchAll(ATTRIBUTE)) {
      const key = (attribute[1] ?? '').toLowerCase();
      if (key && !(key in attributes))
        attributes[key] = decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
    }
    tags.push({ name: name.toLowerCase(), attributes });
  }
  return tags;
};

/** The raw text of every `<script type="...">` of the given type. */
export const scriptsOfType = (html: string, type: string): string[] => {
  const scripts: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script\s*>/gi)) {
    const [tag] = tagsNamed(`<script${match[1] ?? ''}>`, 'script');
    if (tag?.attributes.type?.trim().toLowerCase() === type) scripts.push(match[2] ?? '');
  }
  return scripts;
};

/** Whether a `rel` attribute lists this link type (rel is a space-separated, case-insensitive set). */
export const relIncludes = (rel: string | undefined, value: string): boolean =>
  (rel ?? '').toLowerCase().split(/\s+/).includes(value.toLowerCase());
