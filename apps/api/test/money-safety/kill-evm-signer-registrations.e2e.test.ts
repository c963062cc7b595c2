import type { RecordedEvent } from '@paykit/event-store';
import type { Hex } from 'viem';
import { type PrivateKeyAccount, generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { type Answer, type Api, KillHarness, pollUntil } from './support/kill-harness.js';
import {
  type SignerChangeCase,
  WALLETS,
  as,
  dataOf,
  transactionPath,
  walletEventsOf,
} from './support/signer-changes.js';

const CHAIN = 'base-sepolia';
const PAYEE = '0x000000000000000000000000000000000000bEEF';

/** An EVM smart wallet whose admin is a key the test holds, and the delegate it adds. */
interface Setting {
  readonly admin: PrivateKeyAccount;
  readonly delegate: PrivateKeyAccount;
  readonly address: string;
  readonly locator: string;
  /** The add-signer signature request a registration answered. */
  signature?: { readonly id: string; readonly message: Hex };
}

const signerPath = ({ address, locator }: Setting) => `${WALLETS}/${address}/signers/${encodeURIComponent(locator)}`;
const signs = (account: PrivateKeyAccount, message: string) =>
  account.signMessage({ message: { raw: message as Hex } });

const openSetting = async (api: Api, requestId: string): Promise<Setting> => {
  const admin = privateKeyToAccount(generatePrivateKey());
  const delegate = privateKeyToAccount(generatePrivateKey());
  const created = await api.call(
    'POST',
    WALLETS,
    { chainType: 'evm', config: { adminSigner: { type: 'external-wallet', address: admin.address } } },
    as(`${requestId}-wallet`),
  );
  expect(created.status).toBe(201);
  const { address } = created.body;
  const funded = await api.call('POST', `/v1-alpha2/wallets/${address}/balances`, {
    amount: 5,
    token: 'usdc',
    chain: CHAIN,
  });
  expect(funded.status).toBe(201);
  return { admin, delegate, address, locator: `external-wallet:${delegate.address}` };
};

const register = (api: Api, setting: Setting, key: string, requestId: string) =>
  api.call(
    'POST',
    `${WALLETS}/${setting.address}/signers`,
    { signer: setting.locator, chain: CHAIN },
    { 'x-idempotency-key': key, ...as(requestId) },
  );

/** The registration's signature request, as the SDK reads it from the answer and then from the request. */
const signatureOf = async (api: Api, setting: Setting, registered: Answer) => {
  expect(registered).toMatchObject({
    status: 201,
    body: { locator: setting.locator, chains: { [CHAIN]: { status: 'awaiting-approval', id: expect.any(String) } } },
  });
  const id: string = registered.body.chains[CHAIN].id;
  const signature = await api.call('GET', `${WALLETS}/${setting.address}/signatures/${id}`);
  return { id, message: signature.body.approvals.pending[0].message as Hex };
};

/** The admin's approval, as its wallet app signs it: the same signature every time (RFC 6979). */
const approveSignature = async (api: Api, setting: Setting, requestId: string) => {
  const { id, message } = setting.signature!;
  return api.call(
    'POST',
    `${WALLETS}/${setting.address}/signatures/${id}/approvals`,
    {
      approvals: [
        { signer: `external-wallet:${setting.admin.address}`, signature: await signs(setting.admin, message) },
      ],
    },
    as(requestId),
  );
};

/** One claim naming one add-signer signature request, and the delegate added to the wallet once. */
const writesOf = (events: readonly RecordedEvent[], setting: Setting) => {
  const ofWallet = walletEventsOf(events, setting.address);
  return {
    claims: ofWallet('SignerRegistrationRequested').map((event) => dataOf(event)['signatureId']),
    requests: ofWallet('SignatureRequested').map((event) => dataOf(event)['signatureId']),
    added: ofWallet('DelegatedSignerAdded').length,
  };
};

/**
 * Adding a delegated signer to an EVM smart wallet (ADR 0445: an add-signer signature request
 * the admin approves), killed (SIGKILL) between the registration's claim and its signature
 * request, and between the approval and the wallet's change; restarted on the same data and
 * retried, or left alone by the admin: the delegate joins once and approves a send (ADR 0452).
 */
describe('EVM signer registrations killed around their writes', () => {
  let h: KillHarness;
  beforeEach(async () => {
    h = await KillHarness.create();
  });
  afterEach(() => h.remove());

  it('adds the delegate once, and it approves a send, wherever the kill came', async () => {
    const settings = new Map<string, Setting>();
    const cases: SignerChangeCase[] = [
      { point: 'after:SignerRegistrationRequested', requestId: 'evm-add-after-claim', cuts: 'open' },
      { point: 'after:SignatureCompleted', requestId: 'evm-add-after-signed', cuts: 'approval' },
      { point: 'after:SignatureCompleted', requestId: 'evm-add-signed-untouched', cuts: 'approval', untouched: true },
    ];

    const retries = await h.walk(cases, {
      setup: async (api) => {
        for (const { requestId, cuts } of cases) {
          const setting = await openSetting(api, requestId);
          settings.set(requestId, setting);
          if (cuts === 'approval')
            setting.signature = await signatureOf(
              api,
              setting,
              await register(api, setting, `${requestId}-open`, `${requestId}-open`),
            );
        }
      },
      cut: (api, { requestId, cuts }) => {
        const setting = settings.get(requestId)!;
        return cuts === 'open'
          ? register(api, setting, requestId, requestId)
          : approveSignature(api, setting, requestId);
      },
      retry: async (api, { requestId, cuts, untouched }) => {
        const setting = settings.get(requestId)!;
        let sameKey: Answer | null = null;
        if (cuts === 'open') {
          // The same key is not run again (ADR 0305); the client asks again with a new key.
          sameKey = await register(api, setting, requestId, `${requestId}-retry-same-key`);
          const registered = await register(api, setting, `${requestId}-new-key`, `${requestId}-retry-new-key`);
          setting.signature = await signatureOf(api, setting, registered);
        }
        const approval = untouched ? null : await approveSignature(api, setting, `${requestId}-retry-approval`);
        // What the approval left, read before anything else could apply it.
        const afterApproval = await api.call('GET', `${WALLETS}/${setting.address}`);
        // The delegate sends, with no read of the signer or the signature first.
        const sent = await api.call(
          'POST',
          `${WALLETS}/${setting.address}/tokens/${CHAIN}:usdc/transfers`,
          { recipient: PAYEE, amount: '1', signer: setting.locator },
          as(`${requestId}-send`),
        );
        const sendApproval =
          sent.status === 201
            ? await api.call(
                'POST',
                `${transactionPath(setting, sent.body.id)}/approvals`,
                {
                  approvals: [
                    {
                      signer: setting.locator,
                      signature: await signs(setting.delegate, sent.body.approvals.pending[0].message),
                    },
                  ],
                },
                as(`${requestId}-send-approval`),
              )
            : null;
        const settled =
          sent.status === 201
            ? await pollUntil(
                () => api.call('GET', transactionPath(setting, sent.body.id)),
                (answer) => ['success', 'failed'].includes(answer.body.status),
              )
            : null;
        const signer = await api.call('GET', signerPath(setting));
        return { sameKey, approval, afterApproval, sent, sendApproval, settled, signer };
      },
    });

    const events = await h.events();
    for (const [index, result] of retries.entries()) {
      const { sameKey, approval, afterApproval, sent, sendApproval, settled, signer } = result;
      const { point, requestId, cuts, untouched } = cases[index]!;
      const setting = settings.get(requestId)!;
      const label = `${point} (${requestId})`;
      if (cuts === 'open')
        expect({ label, sameKey: sameKey?.body.code }).toEqual({ label, sameKey: 'idempotency_request_interrupted' });
      // Lost with the server (201), or made before the kill and refused as made already (409), applied either way.
      if (!untouched) {
        expect({ label, approval: approval?.status, code: approval?.body.code }).toEqual({
          label,
          approval: cuts === 'open' ? 201 : 409,
          code: cuts === 'open' ? undefined : 'approval_already_submitted',
        });
        expect({ label, delegates: afterApproval.body.config.delegatedSigners }).toEqual({
          label,
          delegates: [expect.objectContaining({ locator: setting.locator })],
        });
      }
      expect({ label, sent: sent.status, sendApproval: sendApproval?.status, settled: settled?.body.status }).toEqual({
        label,
        sent: 201,
        sendApproval: 201,
        settled: 'success',
      });
      expect(signer).toMatchObject({ status: 200, body: { chains: { [CHAIN]: { status: 'success' } } } });
      const { id } = setting.signature!;
      expect({ label, ...writesOf(events, setting) }).toEqual({ label, claims: [id], requests: [id], added: 1 });
    }
  }, 300_000);
});
