import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { CARD_DECLINE_CODES as NETWORK_DECLINE_CODES } from '@paykit/contracts';
import { CARD_DECLINE_CODES, type RevealedCard, type SandboxCardIssuer } from '@paykit/providers';
import * as E from 'fp-ts/lib/Either.js';
import { type RunningApp, createApp } from '../../src/app.js';
import { CARD_ISSUER } from '../../src/card-issuing/card-issuer.provider.js';
import { ConfigError } from '../../src/config/config.js';
import { fetchJson } from '../support/http-client.js';
import { captureLogs } from '../support/log-capture.js';
import { type TempDir, makeTempDir } from '../support/temp-dir.js';
import { startServer } from '../support/start-server.js';

const SHOP = 'http://127.0.0.1:43121';
/** In the sandbox issuer's range and Luhn-valid, issued to no one. */
const SOME_NUMBER = '4000009901234560';
const logs = captureLogs();
let dir: TempDir;
let app: RunningApp;

const start = () =>
  createApp({
    env: { PORT: 0, HOST: '127.0.0.1', DATA_DIR: dir.path, LOG_LEVEL: 'trace', EVENT_STORE: 'sqlite' },
    logDestination: logs.destination,
  });

beforeAll(async () => {
  dir = await makeTempDir('paykit-card-network-');
  app = await start();
}, 30_000);
afterAll(async () => {
  await app?.close();
  await dir?.remove();
});

const issuer = () => app.app.get<SandboxCardIssuer>(CARD_ISSUER);

/** A card as a run gets one: capped at the declared total, locked to the shop, open for 30 minutes. */
const issue = async (key: string, cap = '49.94') => {
  const issued = await issuer().issueCard({
    idempotencyKey: key,
    cardholder: { name: 'Alice Shopper' },
    controls: {
      cap: { amount: cap, currency: 'USD' },
      maxApprovals: 1,
      merchantOrigin: SHOP,
      expiresAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    },
    metadata: { runId: key },
  });
  if (E.isLeft(issued)) throw new Error(issued.left.message);
  const details = await issuer().revealCard(issued.right.cardId);
  if (E.isLeft(details)) throw new Error(details.left.message);
  return { card: issued.right, details: details.right };
};

const ask = (details: RevealedCard, amount = '49.94', url = `${SHOP}/checkout`) =>
  fetchJson(`${app.rootUrl}/sandbox/card-network/authorizations`, {
    body: {
      card: { number: details.number, expMonth: details.expMonth, expYear: details.expYear, cvc: details.cvc },
      amount: { value: amount, currency: 'USD' },
      merchant: { name: 'Tidy Goods', url },
    },
  });

describe('POST /sandbox/card-network/authorizations', () => {
  it('approves the first authorization within the cap at the locked origin', async () => {
    const { details } = await issue('network-first');
    const answer = await ask(details, '49.94', 'HTTP://127.0.0.1:43121/checkout/payment');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ authorizationId: expect.stringMatching(/^auth_/), approved: true });
  });

  it('declines a second authorization on the same card', async () => {
    const { details } = await issue('network-second');
    expect((await ask(details, '20.00')).body).toMatchObject({ approved: true });
    const answer = await ask(details, '1.00');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      authorizationId: expect.any(String),
      approved: false,
      declineCode: 'already_authorized',
    });
  });

  it('declines an authorization above the cap, and one from another origin', async () => {
    const { details } = await issue('network-over-cap');
    expect((await ask(details, '49.95')).body).toMatchObject({ approved: false, declineCode: 'over_cap' });
    expect((await ask(details, '10.00', 'http://127.0.0.1:43122/checkout')).body).toMatchObject({
      approved: false,
      declineCode: 'merchant_mismatch',
    });
    // Declines used nothing up: the right ask still goes through.
    expect((await ask(details, '49.94')).body).toMatchObject({ approved: true });
  });

  it('answers a malformed request with a 400 error body that never repeats the card number', async () => {
    const url = `${app.rootUrl}/sandbox/card-network/authorizations`;
    const card = { number: SOME_NUMBER, expMonth: 12, expYear: 2029, cvc: '123' };
    const bodies = [
      {},
      { card, amount: { value: '10', currency: 'USD' } },
      {
        card: { ...card, number: '4000-0099-0123-4560' },
        amount: { value: '10', currency: 'USD' },
        merchant: { name: 'x', url: SHOP },
      },
      { card, amount: { value: '-1', currency: 'USD' }, merchant: { name: 'x', url: SHOP } },
      { card, amount: { value: '1', currency: 'DOLLARS' }, merchant: { name: 'x', url: SHOP } },
      { card: { ...card, expMonth: 13 }, amount: { value: '1', currency: 'USD' }, merchant: { name: 'x', url: SHOP } },
      { card, amount: { value: '1', currency: 'USD' }, merchant: { name: 'x', url: 'ftp://shop.example/' } },
      { card, amount: { value: '1', currency: 'USD' }, merchant: { name: 'x', url: SHOP }, extra: true },
    ];
    for (const body of bodies) {
      const answer = await fetchJson(url, { body });
      expect({ body, status: answer.status, error: answer.body?.error }).toEqual({ body, status: 400, error: true });
      expect(answer.text).not.toContain(SOME_NUMBER);
      expect(answer.text).not.toContain('0123-4560');
    }
    expect((await fetchJson(url, { body: 'not json', headers: { 'content-type': 'application/json' } })).status).toBe(
      400,
    );
  });

  it('keeps the card and its authorizations across a restart', async () => {
    const { details: before } = await issue('network-before-restart');
    expect((await ask(before)).body).toMatchObject({ approved: true });
    await app.close();
    app = await start();
    expect((await ask(before)).body).toMatchObject({ approved: false, declineCode: 'already_authorized' });
    const { details } = await issue('network-after-restart');
    expect((await ask(details)).body).toMatchObject({ approved: true });
  });

  it('keeps no card number or security code in the data directory or the logs', async () => {
    const { card, details } = await issue('network-secrets');
    expect((await ask(details)).body).toMatchObject({ approved: true });
    expect(E.isRight(await issuer().closeCard(card.cardId))).toBe(true);
    const files = await readdir(dir.path, { recursive: true });
    expect(files.some((file) => file.endsWith('-wal'))).toBe(true);
    for (const file of files) {
      const bytes = await readFile(join(dir.path, file)).catch(() => null);
      if (!bytes) continue;
      const text = bytes.toString('latin1');
      for (const secret of [details.number, `"cvc":"${details.cvc}"`, '"cvc"'])
        expect({ file, secret, found: text.includes(secret) }).toEqual({ file, secret, found: false });
    }
    expect(logs.text()).toContain('/sandbox/card-network/authorizations');
    expect(logs.text()).not.toContain(details.number);
    expect(logs.text()).not.toContain(details.number.slice(0, 12));
  });
});

describe('the decline codes', () => {
  it('are the issuer’s own in the network’s contract', () => {
    expect(NETWORK_DECLINE_CODES).toEqual(CARD_DECLINE_CODES);
  });
});

describe('the card issuer in production', () => {
  it('refuses to start without a card issuer, and has no sandbox network when one is named', async () => {
    await expect(startServer({ env: { APP_ENV: 'production', EVENT_STORE: 'memory' } })).rejects.toThrow(ConfigError);
    await expect(startServer({ env: { APP_ENV: 'production', EVENT_STORE: 'memory' } })).rejects.toThrow(
      /no card issuer configured/,
    );
    const production = await startServer({
      env: {
        APP_ENV: 'production',
        EVENT_STORE: 'memory',
        CARD_ISSUER: 'sandbox',
        CARD_PROCESSOR: 'sandbox',
        KYC_PROVIDER: 'sandbox',
        PAYOUT_RAIL: 'sandbox',
        PRICE_SOURCE: 'sandbox',
      },
    });
    try {
      const answer = await fetchJson(`${production.rootUrl}/sandbox/card-network/authorizations`, {
        body: {
          card: { number: SOME_NUMBER, expMonth: 12, expYear: 2029, cvc: '123' },
          amount: { value: '1', currency: 'USD' },
          merchant: { name: 'Tidy Goods', url: SHOP },
        },
      });
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ error: true });
    } finally {
      await production.close();
    }
  });
});
