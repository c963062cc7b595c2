import { type CheckoutRunCommand, toRunSnapshot } from '../src/index.js';
import { EMBED_URL, OTHER_RUNNER, OWNER, PROJECT_ID, RUN_ID, RUNNER, at, input, play, sizeForm } from './fixtures.js';

const r = (runnerId: string) => ({ runnerId });

/** A long, eventful run: a takeover, a question, messages, steps, a renewal, a payment, success. */
const script: CheckoutRunCommand[] = [
  { type: 'Create', data: { runId: RUN_ID, projectId: PROJECT_ID, owner: OWNER, input, now: at(0) } },
  { type: 'PostMessage', data: { messageId: 'u-1', text: 'Gift wrap, please', now: at(0.5) } },
  { type: 'Claim', data: { ...r(RUNNER), leaseUntil: at(30), now: at(1) } },
  { type: 'AttachBrowser', data: { ...r(RUNNER), embedUrl: EMBED_URL, now: at(2) } },
  { type: 'RecordStep', data: { ...r(RUNNER), action: 'open', url: 'https://shop.example.test/', now: at(3) } },
  { type: 'LeaseExpired', data: { now: at(31) } },
  { type: 'Claim', data: { ...r(OTHER_RUNNER), leaseUntil: at(90), now: at(32) } },
  { type: 'AttachBrowser', data: { ...r(OTHER_RUNNER), embedUrl: `${EMBED_URL}-2`, now: at(33) } },
  ...Array.from({ length: 20 }, (_, i): CheckoutRunCommand => ({
    type: 'RecordStep',
    data: { ...r(OTHER_RUNNER), action: `step ${i}`, url: `https://shop.example.test/p/${i}`, now: at(34 + i) },
  })),
  { type: 'RenewLease', data: { ...r(OTHER_RUNNER), leaseUntil: at(150), now: at(60) } },
  { type: 'PostAgentMessage', data: { ...r(OTHER_RUNNER), messageId: 'a-1', text: 'Found the tee', now: at(61) } },
  {
    type: 'RequestInput',
    data: {
      ...r(OTHER_RUNNER),
      messageId: 'q-1',
      requestId: 'req-1',
      question: 'Which size?',
      interaction: sizeForm,
      expiresAt: at(600),
      now: at(62),
    },
  },
  {
    type: 'AnswerInput',
    data: { messageId: 'u-2', requestId: 'req-1', action: 'submit', value: { size: 'M' }, now: at(70) },
  },
  {
    type: 'AnswerInput',
    data: { messageId: 'u-2', requestId: 'req-1', action: 'submit', value: { size: 'M' }, now: at(71) },
  },
  {
    type: 'StartPayment',
    data: {
      ...r(OTHER_RUNNER),
      attemptId: 'pay-1',
      total: { amount: '99.90', currency: 'USD' },
      totalInMaxCostCurrency: '99.90',
      now: at(80),
    },
  },
  { type: 'DetachBrowser', data: { ...r(OTHER_RUNNER), now: at(81) } },
  {
    type: 'Succeed',
    data: {
      ...r(OTHER_RUNNER),
      summary: 'Bought the tee in size M.',
      purchase: { kind: 'receipt_captured', receipt: { total: { amount: '99.90', currency: 'USD' } } },
      now: at(82),
    },
  },
  { type: 'PostMessage', data: { messageId: 'u-1', text: 'Gift wrap, please', now: at(83) } },
];

describe('revision', () => {
  it('rises strictly with every event, over a long scripted run, and equals the stream revision', () => {
    const { events, revisions, run } = play(script);
    expect(events.length).toBeGreaterThan(30);
    expect(revisions).toEqual(events.map((_, index) => index));
    expect(run.status).toBe('succeeded');
    expect(run.revision).toBe(events.length - 1);
  });

  it('is what the snapshots show, so a poller keeping the greatest revision keeps the latest state', () => {
    const snapshots = script.map((_, n) => toRunSnapshot(play(script.slice(0, n + 1)).run));
    const changed = snapshots.filter(
      (snapshot, n) => n === 0 || JSON.stringify(snapshot) !== JSON.stringify(snapshots[n - 1]),
    );
    for (let n = 1; n < changed.length; n++) expect(changed[n]!.revision).toBeGreaterThan(changed[n - 1]!.revision);
    expect(snapshots.at(-1)?.status).toBe('succeeded');
    expect(Math.max(...snapshots.map((s) => s.revision))).toBe(snapshots.at(-1)?.revision);
  });
});
