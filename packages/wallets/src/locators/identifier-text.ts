import * as E from 'fp-ts/lib/Either.js';

/**
 * What a person cannot see or tell apart in an identifier (docs/adr/0427): format characters
 * (zero-width spaces and joiners, bidi controls, the BOM: category Cf), controls, separators,
 * unassigned and private-use code points, lone surrogates, and the other default-ignorable code
 * points (variation selectors, Hangul fillers).
 */
const INVISIBLE = /[\p{Cf}\p{Cc}\p{Cn}\p{Co}\p{Cs}\p{Z}\p{Default_Ignorable_Code_Point}]/u;

/** Scripts told apart; a letter of a script not listed counts as one more script, "another". */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Cherokee',
  'Coptic',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Nko',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Ethiopic',
  'Canadian_Aboriginal',
  'Tifinagh',
  'Hangul',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
  'Yi',
].map((name) => ({ name, pattern: new RegExp(`^\\p{Script=${name}}$`, 'u') }));

/** Characters of every script (digits, punctuation) or of the one before them (combining marks). */
const SHARED = /^[\p{Script=Common}\p{Script=Inherited}]$/u;

/** Writing systems that mix scripts by nature (UTS #39, "highly restrictive"), each with Latin too. */
const MIXTURES: readonly (readonly string[])[] = [
  ['Latin', 'Han', 'Hiragana', 'Katakana'],
  ['Latin', 'Han', 'Bopomofo'],
  ['Latin', 'Han', 'Hangul'],
];

const codePoint = (character: string): string =>
  `U+${character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

const scriptOf = (character: string): string | null => {
  if (SHARED.test(character)) return null;
  return SCRIPTS.find(({ pattern }) => pattern.test(character))?.name ?? 'another';
};

/** The scripts of a label's letters and digits, in order of appearance. */
const scriptsOf = (label: string): string[] => {
  const scripts = new Set<string>();
  for (const character of label) {
    const script = scriptOf(character);
    if (script) scripts.add(script);
  }
  return [...scripts];
};

const isOneWritingSystem = (scripts: readonly string[]): boolean =>
  scripts.length <= 1 || MIXTURES.some((mixture) => scripts.every((script) => mixture.includes(script)));

/**
 * The one check every user and owner locator goes through (wallet owners, wallet and signer
 * locators, the identity areas' userLocator): the value in Unicode NFC, or why it is refused. It
 * refuses what would let two different identifiers look the same: invisible and bidi characters,
 * compatibility characters (fullwidth letters, ligatures: what NFKC would change), and a word
 * (a run of letters, marks and digits) that mixes scripts, like a Cyrillic "а" among Latin
 * letters. ASCII text is always NFC and single-script, so this never changes an ASCII value.
 */
export const checkIdentifierText = (value: string): E.Either<string, string> => {
  const invisible = INVISIBLE.exec(value);
  if (invisible) {
    return E.left(
      `contains an invisible or formatting character (${codePoint(invisible[0])}), which would make it look like another`,
    );
  }
  const text = value.normalize('NFC');
  for (const character of text) {
    if (character.normalize('NFKC') !== character) {
      return E.left(
        `contains a compatibility character (${codePoint(character)}, e.g. a fullwidth letter): write it plainly`,
      );
    }
  }
  for (const label of text.split(/[^\p{L}\p{M}\p{N}]+/u)) {
    const scripts = scriptsOf(label);
    if (!isOneWritingSystem(scripts)) {
      return E.left(`mixes ${scripts.join(' and ')} letters in one word ("${label}"), as a look-alike would`);
    }
  }
  return E.right(text);
};
