import * as E from 'fp-ts/lib/Either.js';
import { checkIdentifierText } from '../../src/locators/identifier-text.js';
import { normalizeOwnerValue, parseOwner } from '../../src/locators/owner.js';
import { normalizeSignerLocator } from '../../src/locators/signer-locator.js';
import { parseWalletLocator } from '../../src/locators/wallet-locator.js';

const reasonOf = (value: string): string => {
  const checked = checkIdentifierText(value);
  if (E.isRight(checked)) throw new Error(`"${value}" was taken`);
  return checked.left;
};

describe('checkIdentifierText (docs/adr/0427)', () => {
  it.each([
    ['a zero-width space', 'ana\u200b@example.com', 'U+200B'],
    ['a zero-width non-joiner', 'ana\u200c', 'U+200C'],
    ['a zero-width joiner', 'ana\u200d', 'U+200D'],
    ['a word joiner', 'an\u2060a', 'U+2060'],
    ['a byte-order mark', '\ufeffana', 'U+FEFF'],
    ['a left-to-right mark', 'ana\u200e', 'U+200E'],
    ['a right-to-left mark', 'ana\u200f', 'U+200F'],
    ['a right-to-left override', 'u-1\u202egnp.exe', 'U+202E'],
    ['a left-to-right embedding', '\u202aana', 'U+202A'],
    ['a right-to-left isolate', '\u2067ana', 'U+2067'],
    ['a pop directional isolate', 'ana\u2069', 'U+2069'],
    ['a soft hyphen (another format character)', 'an\u00ada', 'U+00AD'],
    ['a tag character', 'ana\u{e0041}', 'U+E0041'],
    ['a variation selector', 'ana\ufe0f', 'U+FE0F'],
    ['a Hangul filler', 'ana\u3164', 'U+3164'],
    ['a control character', 'ana\u0007', 'U+0007'],
    ['a no-break space', 'ana\u00a0b', 'U+00A0'],
    ['a private-use character', 'ana\ue000', 'U+E000'],
    ['an unassigned code point', 'ana\u{2fffd}', 'U+2FFFD'],
    ['a lone surrogate', 'ana\ud800', 'U+D800'],
  ])('refuses %s, naming its code point', (_what, value, codePoint) => {
    expect(reasonOf(value)).toBe(
      `contains an invisible or formatting character (${codePoint}), which would make it look like another`,
    );
  });

  it.each([
    ['fullwidth letters', '\uff41na', 'U+FF41'],
    ['a ligature', 'of\ufb01ce', 'U+FB01'],
    ['a superscript digit', 'ana\u00b2', 'U+00B2'],
    ['the micro sign (NFKC: Greek mu)', '\u00b5ana', 'U+00B5'],
  ])('refuses %s (what NFKC would change)', (_what, value, codePoint) => {
    expect(reasonOf(value)).toMatch(`contains a compatibility character (${codePoint}`);
  });

  it.each([
    ['a Cyrillic "а" among Latin letters', '\u0430na', 'Cyrillic and Latin', '\u0430na'],
    ['a Greek "ο" among Latin letters', 'g\u03bfogle', 'Latin and Greek', 'g\u03bfogle'],
    ['Latin in a Greek word', '\u03b1\u03b2c', 'Greek and Latin', '\u03b1\u03b2c'],
    ['Cyrillic and Greek', '\u0430\u03b2', 'Cyrillic and Greek', '\u0430\u03b2'],
    ['Arabic-Indic digits among Latin letters', 'ana\u0661', 'Latin and Arabic', 'ana\u0661'],
    ['Cherokee among Latin letters', '\u13aana', 'Cherokee and Latin', '\u13aana'],
    ['in the domain of an email', 'ana@ex\u0430mple.com', 'Latin and Cyrillic', 'ex\u0430mple'],
  ])('refuses %s in one word', (_what, value, scripts, label) => {
    expect(reasonOf(value)).toBe(`mixes ${scripts} letters in one word ("${label}"), as a look-alike would`);
  });

  it.each([
    ['ASCII, unchanged', 'Ana.Smith-1_2+tag@example.com'],
    ['one non-Latin script per word', '\u0438\u0432\u0430\u043d.smith@example.com'],
    ['Greek alone', '\u03b1\u03b8\u03b7\u03bd\u03b1'],
    ['Latin with accents', 'jos\u00e9.m\u00fcller'],
    ['Japanese (Han, Hiragana, Katakana) with Latin', '\u6771\u4eac\u3068\u30ab\u30bfabc'],
    ['Korean (Han and Hangul)', '\ud55c\uad6d\u97d3'],
    ['Chinese with Bopomofo', '\u4e2d\u3105'],
    ['ASCII digits and punctuation in any word', '\u0438\u0432\u0430\u043d2024'],
  ])('takes %s', (_what, value) => {
    expect(checkIdentifierText(value)).toEqual(E.right(value));
  });

  it('gives the NFC form: a decomposed "é" and a precomposed one are one identifier', () => {
    expect(checkIdentifierText('jose\u0301')).toEqual(E.right('jos\u00e9'));
    expect(checkIdentifierText('jos\u00e9')).toEqual(E.right('jos\u00e9'));
  });
});

describe('every owner and locator parser goes through it', () => {
  it('owners of each type: the same canonical value for two spellings, a refusal for a look-alike', () => {
    expect(normalizeOwnerValue('email', 'Ana@Example.COM')).toEqual(E.right('ana@example.com'));
    expect(normalizeOwnerValue('email', 'Jose\u0301@example.com')).toEqual(E.right('jos\u00e9@example.com'));
    expect(normalizeOwnerValue('userId', 'User-1')).toEqual(E.right('User-1'));
    expect(normalizeOwnerValue('userId', 'u\u200d-1')).toEqual(
      E.left('contains an invisible or formatting character (U+200D), which would make it look like another'),
    );
    expect(normalizeOwnerValue('twitter', 'SatoshiFan')).toEqual(E.right('satoshifan'));
    expect(normalizeOwnerValue('x', 'Builder_42')).toEqual(E.right('builder_42'));
    expect(normalizeOwnerValue('phoneNumber', '+14155550123')).toEqual(E.right('+14155550123'));
    expect(E.isLeft(normalizeOwnerValue('phoneNumber', '+1415555\u0661123'))).toBe(true);
  });

  it('parseOwner and parseWalletLocator name their field', () => {
    expect(parseOwner('email:\u0430na@example.com')).toEqual(
      E.left({
        kind: 'invalid',
        code: 'invalid_owner',
        message: 'owner: mixes Cyrillic and Latin letters in one word ("\u0430na"), as a look-alike would',
      }),
    );
    expect(parseWalletLocator('email:ana\u200b@example.com:evm')).toEqual(
      E.left({
        kind: 'invalid',
        code: 'invalid_wallet_locator',
        message:
          'walletLocator: contains an invisible or formatting character (U+200B), which would make it look like another',
      }),
    );
  });

  it('signer locators: emails and phone numbers as owners are; a look-alike is left as written, matching nothing', () => {
    expect(normalizeSignerLocator('evm', 'email:Ana@Example.com')).toBe('email:ana@example.com');
    expect(normalizeSignerLocator('evm', 'email:\u0430na@example.com')).toBe('email:\u0430na@example.com');
    expect(normalizeSignerLocator('evm', 'phone:+14155550123')).toBe('phone:+14155550123');
  });
});
