import type { RecordedEvent } from '@paykit/event-store';
import { decodeBase58 } from '../../src/wallets/transfers/base58.js';
import { type Ed25519TestKey, ed25519TestKey } from '../wallets/test-keys.js';
import { type Answer, type Api, KillHarness, pollUntil } from './support/kill-harness.js';
import {
  type SignerChangeCase,
  WALLETS,
  as,
  dataOf,
  transactionPath,
  walletEventsOf,
} from './support/signer-changes.js';

const TOKEN = 'solana:usdc';

/** A Solana smart wallet whose admin is a key the test holds, and the delegate whose place in it changes. */
interface Setting {
  readonly admin: Ed25519TestKey;
  readonly delegate: Ed25519TestKey;
  readonly address: string;
  readonly locator: string;
  /** The operation a request that answered opened (when the kill cut the approval). */
  operation?: { readonly id: string; readonly message: string };
  /** A transfer the delegate was asked to approve while it was a signer (removals). */
  prepared?: { readonly id: string; readonly message: string };
}

const signersPath = ({ address }: Setting) => `${WALLETS}/${address}/signers`;
const signerPath = (setting: Setting) => `${signersPath(setting)}/${encodeURIComponent(setting.locator)}`;
/** A Solana approval message is a transaction message in base58: its signer signs those bytes. */
const signed = (key: Ed25519TestKey, message: string) => key.sign(decodeBase58(message) as Uint8Array);

const operationOf = (answer: Answer): { id: string; message: string } => {
  const transaction = answer.body.transaction ?? answer.body;
  return { id: transaction.id, message: transaction.approvals.pending[0].message };
};

const openSetting = async (api: Api, requestId: string, withDelegate: boolean): Promise<Setting> => {
  const admin = ed25519TestKey();
  const delegate = ed25519TestKey();
  const locator = `external-wallet:${delegate.solanaAddress}`;
  const created = await api.call(
    'POST',
    WALLETS,
    {
      chainType: 'solana',
      config: {
        adminSigner: { type: 'external-wallet', address: admin.solanaAddress },
        ...(withDelegate && { delegatedSigners: [{ signer: locator }] }),
      },
    },
    as(`${requestId}-wallet`),
  );
  expect(created.status).toBe(201);
  const setting = { admin, delegate, address: created.body.address, locator };
  const funded = await api.call('POST', `/v1-alpha2/wallets/${setting.address}/balances`, { amount: 5, token: 'usdc' });
  expect(funded.status).toBe(201);
  return setting;
};

/** The admin's approval of the operation, as its wallet app signs it: the same body every time. */
const approveOperation = (api: Api, setting: Setting, requestId: string) => {
  const { id, message } = setting.operation!;
  const signature = signed(setting.admin, message);
  return api.call(
    'POST',
    `${transactionPath(setting, id)}/approvals`,
    { approvals: [{ signer: `external-wallet:${setting.admin.solanaAddress}`, signature }] },
    as(requestId),
  );
};

/** A transfer that names the delegate as its signer (awaiting its approval), or the refusal to prepare one. */
const prepareSend = (api: Api, setting: Setting, requestId: string) =>
  api.call(
    'POST',
    `${WALLETS}/${setting.address}/tokens/${TOKEN}/transfers`,
    { recipient: ed25519TestKey().solanaAddress, amount: '1', signer: setting.locator },
    as(requestId),
  );

const approveSend = (api: Api, setting: Setting, transfer: { id: string; message: string }, requestId: string) =>
  api.call(
    'POST',
    `${transactionPath(setting, transfer.id)}/approvals`,
    { approvals: [{ signer: setting.locator, signature: signed(setting.delegate, transfer.message) }] },
    as(requestId),
  );

/**
 * What the walk wrote for the setting's wallet: the operation each claim names, the operations
 * opened, the operations approved, and how many wallet changes (`appliedType`) were made.
 */
const writesOf = (events: readonly RecordedEvent[], setting: Setting, claimType: string, appliedType: string) => {
  const ofWallet = walletEventsOf(events, setting.address);
  const operations = ofWallet('SignerOperationRequested').map((event) => dataOf(event)['operationId']);
  return {
    claims: ofWallet(claimType).map((event) => dataOf(event)['transactionId']),
    operations,
    approvals: events
      .filter((event) => event.type === 'SignerOperationApproved' && operations.includes(dataOf(event)['operationId']))
      .map((event) => dataOf(event)['operationId']),
    applied: ofWallet(appliedType).length,
  };
};

/** One claim, one operation, approved once, applied to the wallet once. */
const once = (id: string) => ({ claims: [id], operations: [id], approvals: [id], applied: 1 });

/** The kill points of a change, in the order its writes happen (the claim precedes the operation's append). */
const casesOf = (change: string, applied: string): SignerChangeCase[] => [
  { point: 'before:SignerOperationRequested', requestId: `${change}-before-requested`, cuts: 'open' },
  { point: 'after:SignerOperationRequested', requestId: `${change}-after-requested`, cuts: 'open' },
  { point: 'before:SignerOperationApproved', requestId: `${change}-before-approved`, cuts: 'approval' },
  { point: 'after:SignerOperationApproved', requestId: `${change}-after-approved`, cuts: 'approval' },
  { point: `after:${applied}`, requestId: `${change}-after-applied`, cuts: 'approval' },
  // Approved, not yet applied, and nobody asks: the signer's next use applies it (ADR 0452).
  {
    point: 'after:SignerOperationApproved',
    requestId: `${change}-approved-untouched`,
    cuts: 'approval',
    untouched: true,
  },
];

/**
 * Adding and removing a delegated signer (a signer operation the wallet's admin approves, ADRs
 * 0448-0450), killed (SIGKILL, the server in a child process) just before and just after each
 * of its writes, restarted on the same data directory and retried as a client would: one
 * operation, approved once, applied to the wallet once, and the chain of control it promised.
 */
describe('signer operations killed around their writes, retried', () => {
  let h: KillHarness;
  beforeEach(async () => {
    h = await KillHarness.create();
  });
  afterEach(() => h.remove());

  it('adds the delegate once, and it approves a send, wherever the kill came', async () => {
    const settings = new Map<string, Setting>();
    const register = (api: Api, setting: Setting, key: string, requestId: string) =>
      api.call(
        'POST',
        signersPath(setting),
        { signer: setting.locator },
        { 'x-idempotency-key': key, ...as(requestId) },
      );
    const cases = casesOf('add', 'DelegatedSignerAdded');

    const retries = await h.walk(cases, {
      setup: async (api) => {
        for (const { requestId, cuts } of cases) {
          const setting = await openSetting(api, requestId, false);
          settings.set(requestId, setting);
          if (cuts === 'approval')
            setting.operation = operationOf(await register(api, setting, `${requestId}-open`, `${requestId}-open`));
        }
      },
      cut: (api, { requestId, cuts }) => {
        const setting = settings.get(requestId)!;
        return cuts === 'open'
          ? register(api, setting, requestId, requestId)
          : approveOperation(api, setting, requestId);
      },
      retry: async (api, { requestId, cuts, untouched }) => {
        const setting = settings.get(requestId)!;
        let sameKey: Answer | null = null;
        let checked: Answer | null = null;
        if (cuts === 'open') {
          // The same key is not run again (ADR 0305); the client checks the signer, then asks again with a new key.
          sameKey = await register(api, setting, requestId, `${requestId}-retry-same-key`);
          checked = await api.call('GET', signerPath(setting), undefined, as(`${requestId}-retry-check`));
          const registered = await register(api, setting, `${requestId}-new-key`, `${requestId}-retry-new-key`);
          expect(registered).toMatchObject({ status: 201, body: { transaction: { status: 'awaiting-approval' } } });
          setting.operation = operationOf(registered);
        }
        const approval = untouched ? null : await approveOperation(api, setting, `${requestId}-retry-approval`);
        // The new signer approves a send, with no read of the signer or the operation first.
        const sent = await prepareSend(api, setting, `${requestId}-send`);
        expect(sent).toMatchObject({ status: 201, body: { status: 'awaiting-approval' } });
        const transfer = { id: sent.body.id, message: sent.body.approvals.pending[0].message };
        const sendApproval = await approveSend(api, setting, transfer, `${requestId}-send-approval`);
        const settled = await pollUntil(
          () => api.call('GET', transactionPath(setting, transfer.id)),
          (answer) => ['success', 'failed'].includes(answer.body.status),
        );
        const signer = await api.call('GET', signerPath(setting));
        const operation = await api.call('GET', transactionPath(setting, setting.operation!.id));
        const wallet = await api.call('GET', `${WALLETS}/${setting.address}`);
        return { sameKey, checked, approval, sendApproval, settled, signer, operation, wallet };
      },
    });

    const events = await h.events();
    for (const [index, result] of retries.entries()) {
      const { sameKey, checked, approval, sendApproval, settled, signer, operation, wallet } = result;
      const { point, requestId, cuts, untouched } = cases[index]!;
      const setting = settings.get(requestId)!;
      const { id } = setting.operation!;
      const label = `${point} (${requestId})`;
      if (cuts === 'open') {
        expect({ label, sameKey: sameKey?.body.code }).toEqual({ label, sameKey: 'idempotency_request_interrupted' });
        // Before the operation's append the signer is unknown; after it, awaiting the operation the retry answers.
        expect({ label, checked: checked?.status, transaction: checked?.body.transaction?.id }).toEqual(
          point.startsWith('before:')
            ? { label, checked: 404, transaction: undefined }
            : { label, checked: 200, transaction: id },
        );
      }
      // The approval was lost with the server (201), or made before the kill and then refused as made already (409).
      const approvedBefore = point !== 'before:SignerOperationApproved' && cuts === 'approval';
      expect({ label, approval: approval?.status }).toEqual({
        label,
        approval: untouched ? undefined : approvedBefore ? 409 : 201,
      });
      if (approvedBefore && !untouched) expect(approval?.body.code).toBe('approval_already_submitted');
      expect({ label, sendApproval: sendApproval.status, settled: settled.body.status }).toEqual({
        label,
        sendApproval: 201,
        settled: 'success',
      });
      expect(signer).toMatchObject({
        status: 200,
        body: { locator: setting.locator, transaction: { id, type: 'add-signer', status: 'success' } },
      });
      expect(operation).toMatchObject({
        status: 200,
        body: { id, status: 'success', onChain: { txId: expect.any(String) } },
      });
      expect(wallet.body.config.delegatedSigners).toEqual([expect.objectContaining({ locator: setting.locator })]);

      expect({ label, ...writesOf(events, setting, 'SignerRegistrationRequested', 'DelegatedSignerAdded') }).toEqual({
        label,
        ...once(id),
      });
    }
  }, 300_000);

  it('removes the delegate once, and refuses its approvals after, wherever the kill came', async () => {
    const settings = new Map<string, Setting>();
    const remove = (api: Api, setting: Setting, requestId: string) =>
      api.call('DELETE', signerPath(setting), undefined, as(requestId));
    const cases = casesOf('remove', 'DelegatedSignerRemoved');

    const retries = await h.walk(cases, {
      setup: async (api) => {
        for (const { requestId, cuts } of cases) {
          const setting = await openSetting(api, requestId, true);
          settings.set(requestId, setting);
          // A transfer the delegate is asked to approve, prepared while it is a signer.
          const sent = await prepareSend(api, setting, `${requestId}-prepare`);
          expect(sent).toMatchObject({ status: 201, body: { status: 'awaiting-approval' } });
          setting.prepared = { id: sent.body.id, message: sent.body.approvals.pending[0].message };
          if (cuts === 'approval') setting.operation = operationOf(await remove(api, setting, `${requestId}-open`));
        }
      },
      cut: (api, { requestId, cuts }) => {
        const setting = settings.get(requestId)!;
        return cuts === 'open' ? remove(api, setting, requestId) : approveOperation(api, setting, requestId);
      },
      retry: async (api, { requestId, cuts, untouched }) => {
        const setting = settings.get(requestId)!;
        let reopened: Answer | null = null;
        if (cuts === 'open') {
          reopened = await remove(api, setting, `${requestId}-retry-delete`);
          setting.operation = operationOf(reopened);
        }
        const approval = untouched ? null : await approveOperation(api, setting, `${requestId}-retry-approval`);
        // With no read of the signer or the operation first: the removed delegate approves nothing.
        const preparedApproval = await approveSend(api, setting, setting.prepared!, `${requestId}-prepared-approval`);
        const newSend = await prepareSend(api, setting, `${requestId}-new-send`);
        const prepared = await api.call('GET', transactionPath(setting, setting.prepared!.id));
        const signer = await api.call('GET', signerPath(setting));
        const operation = await api.call('GET', transactionPath(setting, setting.operation!.id));
        const removedAgain = await remove(api, setting, `${requestId}-remove-again`);
        const wallet = await api.call('GET', `${WALLETS}/${setting.address}`);
        return { reopened, approval, preparedApproval, newSend, prepared, signer, operation, removedAgain, wallet };
      },
    });

    const events = await h.events();
    for (const [index, result] of retries.entries()) {
      const { reopened, approval, preparedApproval, newSend, prepared, signer, operation, removedAgain, wallet } =
        result;
      const { point, requestId, cuts, untouched } = cases[index]!;
      const setting = settings.get(requestId)!;
      const { id } = setting.operation!;
      const label = `${point} (${requestId})`;
      if (reopened)
        expect(reopened).toMatchObject({ status: 200, body: { type: 'remove-signer', status: 'awaiting-approval' } });
      const approvedBefore = point !== 'before:SignerOperationApproved' && cuts === 'approval';
      expect({ label, approval: approval?.status }).toEqual({
        label,
        approval: untouched ? undefined : approvedBefore ? 409 : 201,
      });
      expect({ label, preparedApproval: preparedApproval.status, code: preparedApproval.body.code }).toEqual({
        label,
        preparedApproval: 403,
        code: 'signer_not_authorized',
      });
      expect({ label, newSend: newSend.status, code: newSend.body.code }).toEqual({
        label,
        newSend: 403,
        code: 'signer_not_authorized',
      });
      expect(prepared.body.status).toBe('awaiting-approval');
      expect(signer.status).toBe(404);
      expect(operation).toMatchObject({ status: 200, body: { id, type: 'remove-signer', status: 'success' } });
      expect(removedAgain).toMatchObject({ status: 200, body: { id, status: 'success' } });
      expect(wallet.body.config.delegatedSigners).toEqual([]);

      expect({ label, ...writesOf(events, setting, 'SignerRemovalRequested', 'DelegatedSignerRemoved') }).toEqual({
        label,
        ...once(id),
      });
    }
  }, 300_000);
});
