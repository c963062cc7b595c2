import * as E from 'fp-ts/lib/Either.js';
import { formatOwner, parseOwner } from '../../src/locators/owner.js';

describe('parseOwner', () => {
  it.each([
    ['email:Alice@Example.com', { type: 'email', value: 'alice@example.com' }],
    ['userId:user-123', { type: 'userId', value: 'user-123' }],
    ['phoneNumber:+447911123456', { type: 'phoneNumber', value: '+447911123456' }],
    ['twitter:Jack', { type: 'twitter', value: 'jack' }],
    ['x:elon_musk', { type: 'x', value: 'elon_musk' }],
  ])('%s', (text, owner) => {
    expect(parseOwner(text)).toEqual(E.right(owner));
    expect(formatOwner(owner as never)).toBe(text.replace(/:.*/, ':') + owner.value);
  });

  it.each([
    ['alice@example.com', 'owner: expected <type>:<value> such as email:alice@example.com, got "alice@example.com"'],
    ['wallet:abc', 'owner: unknown owner type "wallet"; expected email, userId, phoneNumber, twitter or x'],
    ['email:alice@', 'owner: "alice@" is not an email address'],
    ['phoneNumber:+0123', 'owner: "+0123" is not a phone number in E.164 format (e.g. +14155550123)'],
    [
      'phoneNumber:+1234567890123456',
      'owner: "+1234567890123456" is not a phone number in E.164 format (e.g. +14155550123)',
    ],
    ['userId:', 'owner: "" is not a user id (1 to 256 characters, no spaces, colons or slashes)'],
    ['userId:a b', 'owner: "a b" is not a user id (1 to 256 characters, no spaces, colons or slashes)'],
    ['twitter:@jack', 'owner: "@jack" is not a twitter handle (1 to 15 letters, digits or underscores, without @)'],
  ])('refuses %s', (text, message) => {
    expect(parseOwner(text)).toEqual(E.left({ kind: 'invalid', code: 'invalid_owner', message }));
  });

  it('takes an email of up to 254 characters, the longest a mail path carries (RFC 5321), and no longer', () => {
    const domain = '@example.com';
    const longest = `${'a'.repeat(254 - domain.length)}${domain}`;
    expect(parseOwner(`email:${longest}`)).toEqual(E.right({ type: 'email', value: longest }));
    const tooLong = `a${longest}`;
    expect(parseOwner(`email:${tooLong}`)).toEqual(
      E.left({ kind: 'invalid', code: 'invalid_owner', message: `owner: "${tooLong}" is not an email address` }),
    );
  });
});
