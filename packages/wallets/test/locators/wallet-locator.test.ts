import * as E from 'fp-ts/lib/Either.js';
import { formatWalletLocator, parseWalletLocator, type WalletLocator } from '../../src/locators/wallet-locator.js';

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const SOLANA = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const MOVE = `0x${'ab'.repeat(32)}`;
const STELLAR = 'GDVEU3DD4KOFECV66VIHWEZOYX4ZKR3WV27L464SIIPOU2IUI3JCZA57';

const parsed = (text: string): WalletLocator => {
  const result = parseWalletLocator(text);
  if (E.isLeft(result)) throw new Error(`expected ${text} to parse: ${result.left.message}`);
  return result.right;
};

const failure = (text: string) => {
  const result = parseWalletLocator(text);
  if (E.isRight(result)) throw new Error(`expected ${text} to be refused, got ${JSON.stringify(result.right)}`);
  return result.left;
};

describe('parseWalletLocator: every form of the spec', () => {
  it.each<[string, WalletLocator]>([
    [EVM, { kind: 'address', address: EVM, chainTypes: ['evm'] }],
    [EVM.toLowerCase(), { kind: 'address', address: EVM, chainTypes: ['evm'] }],
    [SOLANA, { kind: 'address', address: SOLANA, chainTypes: ['solana'] }],
    [MOVE.toUpperCase().replace('0X', '0x'), { kind: 'address', address: MOVE, chainTypes: ['aptos', 'sui'] }],
    [STELLAR, { kind: 'address', address: STELLAR, chainTypes: ['stellar'] }],
    [
      'email:Alice@Example.com:evm',
      { kind: 'owner', owner: { type: 'email', value: 'alice@example.com' }, chainType: 'evm', walletType: 'smart' },
    ],
    [
      'email:alice@example.com:evm:mpc',
      { kind: 'owner', owner: { type: 'email', value: 'alice@example.com' }, chainType: 'evm', walletType: 'mpc' },
    ],
    [
      'email:alice@example.com:solana:smart:alias:savings',
      {
        kind: 'owner',
        owner: { type: 'email', value: 'alice@example.com' },
        chainType: 'solana',
        walletType: 'smart',
        alias: 'savings',
      },
    ],
    [
      'email:alice@example.com:evm:alias:main',
      {
        kind: 'owner',
        owner: { type: 'email', value: 'alice@example.com' },
        chainType: 'evm',
        walletType: 'smart',
        alias: 'main',
      },
    ],
    [
      'userId:auth0|123:stellar',
      { kind: 'owner', owner: { type: 'userId', value: 'auth0|123' }, chainType: 'stellar', walletType: 'smart' },
    ],
    [
      'phoneNumber:+14155550123:sui',
      { kind: 'owner', owner: { type: 'phoneNumber', value: '+14155550123' }, chainType: 'sui', walletType: 'mpc' },
    ],
    [
      'twitter:Jack:aptos:mpc',
      { kind: 'owner', owner: { type: 'twitter', value: 'jack' }, chainType: 'aptos', walletType: 'mpc' },
    ],
    [
      'x:elon_musk:evm:smart:alias:x1',
      { kind: 'owner', owner: { type: 'x', value: 'elon_musk' }, chainType: 'evm', walletType: 'smart', alias: 'x1' },
    ],
    ['me:evm', { kind: 'me', chainType: 'evm', walletType: 'smart' }],
    ['me:solana:mpc:alias:hot', { kind: 'me', chainType: 'solana', walletType: 'mpc', alias: 'hot' }],
    ['evm:alias:treasury', { kind: 'alias', chainType: 'evm', walletType: 'smart', alias: 'treasury' }],
    ['evm:mpc:alias:treasury', { kind: 'alias', chainType: 'evm', walletType: 'mpc', alias: 'treasury' }],
    ['aptos:alias:a-1', { kind: 'alias', chainType: 'aptos', walletType: 'mpc', alias: 'a-1' }],
  ])('%s', (text, expected) => {
    expect(parsed(text)).toEqual(expected);
  });

  it('formats every locator canonically, and parsing the format gives the locator back', () => {
    const texts = [
      EVM,
      SOLANA,
      'email:Alice@Example.com:evm',
      'me:solana:mpc:alias:hot',
      'evm:alias:treasury',
      'x:elon_musk:evm',
    ];
    expect(texts.map((text) => formatWalletLocator(parsed(text)))).toEqual([
      EVM,
      SOLANA,
      'email:alice@example.com:evm:smart',
      'me:solana:mpc:alias:hot',
      'evm:smart:alias:treasury',
      'x:elon_musk:evm:smart',
    ]);
    for (const text of texts) expect(parsed(formatWalletLocator(parsed(text)))).toEqual(parsed(text));
  });
});

describe('parseWalletLocator: malformed locators say which part is wrong', () => {
  it.each<[string, string]>([
    ['', 'walletLocator: must not be empty'],
    [
      'email:alice@example.com:evn',
      'walletLocator: unknown chain type "evn"; expected evm, solana, aptos, sui or stellar',
    ],
    ['email:alice@example.com', 'walletLocator: missing chain type after "email:alice@example.com"'],
    ['email::evm', 'walletLocator: missing email value after "email:"'],
    ['email:alice:evm', 'walletLocator: "alice" is not an email address'],
    [
      'phoneNumber:4155550123:evm',
      'walletLocator: "4155550123" is not a phone number in E.164 format (e.g. +14155550123)',
    ],
    [
      'twitter:@jack:evm',
      'walletLocator: "@jack" is not a twitter handle (1 to 15 letters, digits or underscores, without @)',
    ],
    [
      'x:this_handle_is_too_long:evm',
      'walletLocator: "this_handle_is_too_long" is not an x handle (1 to 15 letters, digits or underscores, without @)',
    ],
    ['email:alice@example.com:evm:hot', 'walletLocator: unknown wallet type "hot"; expected smart or mpc'],
    ['email:alice@example.com:aptos:smart', 'walletLocator: aptos has no smart wallets (only mpc)'],
    ['email:alice@example.com:evm:alias', 'walletLocator: missing alias after "alias:"'],
    [
      'email:alice@example.com:evm:alias:a b',
      'walletLocator: alias "a b" is not valid (1 to 64 letters, digits, dots, dashes or underscores)',
    ],
    ['email:alice@example.com:evm:smart:extra', 'walletLocator: unexpected "extra" after "evm:smart"'],
    ['email:alice@example.com:evm:alias:a:b', 'walletLocator: unexpected "b" after "evm:alias:a"'],
    ['me', 'walletLocator: "me" needs a chain type, e.g. me:evm'],
    ['me:', 'walletLocator: missing chain type after "me"'],
    ['me:btc', 'walletLocator: unknown chain type "btc"; expected evm, solana, aptos, sui or stellar'],
    ['evm', 'walletLocator: "evm" needs an alias: use evm[:<walletType>]:alias:<alias>'],
    ['evm:smart', 'walletLocator: "evm:smart" needs an alias: use evm[:<walletType>]:alias:<alias>'],
    ['stellar:mpc:alias:a', 'walletLocator: stellar has no mpc wallets (only smart)'],
    [
      'evn:alias:a',
      'walletLocator: unknown locator type "evn"; expected a wallet address, email, userId, phoneNumber, twitter, x, me or a chain type (evm, solana, aptos, sui, stellar)',
    ],
    [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD',
      'walletLocator: "0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD" has an invalid EIP-55 checksum',
    ],
    [
      '0x1234',
      'walletLocator: "0x1234" is not a wallet address of any supported chain (evm, solana, aptos, sui or stellar)',
    ],
    [
      'GDVEU3DD4KOFECV66VIHWEZOYX4ZKR3WV27L464SIIPOU2IUI3JCZA58',
      'walletLocator: "GDVEU3DD4KOFECV66VIHWEZOYX4ZKR3WV27L464SIIPOU2IUI3JCZA58" is not a wallet address of any supported chain (evm, solana, aptos, sui or stellar)',
    ],
    ['email', 'walletLocator: "email" needs a chain type, e.g. email:<value>:evm'],
  ])('%j', (text, message) => {
    expect(failure(text)).toEqual({ kind: 'invalid', code: 'invalid_wallet_locator', message });
  });
});
