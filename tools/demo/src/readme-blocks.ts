/** The marker that puts the shell block right after it under test. */
export const CHECKED_BLOCK_MARKER = '<!-- readme-check -->';

/** What a checked block must assign itself, and the reader's placeholder value of each. */
export const PLACEHOLDERS = {
  // One variable for the server's address, the README's first block exports it.
  API: '${PAYKIT_URL:-http://localhost:3000}/api',
  SK: 'sk_staging_...',
  SHOP: 'http://127.0.0.1:4100',
} as const;

export interface ShellBlock {
  readonly line: number;
  readonly source: string;
}

/** The ```sh blocks right after the marker, with the README line they start on. */
export const checkedBlocks = (markdown: string): ShellBlock[] => {
  const blocks: ShellBlock[] = [];
  const pattern = new RegExp(`${CHECKED_BLOCK_MARKER}\\n\\n?\`\`\`sh\\n([\\s\\S]*?)\`\`\``, 'g');
  for (const match of markdown.matchAll(pattern)) {
    const fence = match.index + match[0].indexOf('```sh');
    blocks.push({ line: markdown.slice(0, fence).split('\n').length + 1, source: match[1]! });
  }
  return blocks;
};

/**
 * The block with the reader's placeholders set to a real server's values: only in the
 * assignments the block makes itself (`API=...; SK=...`), so a block that uses a variable it does
 * not set still fails (`set -u`).
 */
export const withValues = (source: string, values: Readonly<Record<keyof typeof PLACEHOLDERS, string>>): string => {
  let result = source;
  for (const [name, placeholder] of Object.entries(PLACEHOLDERS)) {
    result = result.replaceAll(`${name}=${placeholder}`, `${name}=${values[name as keyof typeof PLACEHOLDERS]}`);
  }
  return result;
};
