import { invalid } from '@paykit/kernel';
import { pendingSignerLocators, quorumSignerOf, transferStatus, type TransferEvent } from '../src/index.js';
import {
  ADMIN,
  EXPIRES_AT,
  LATER,
  SECOND,
  THIRD,
  TRANSFER_ID,
  adminQuorum,
  after,
  approval,
  approved,
  createEvm,
  createStellar,
  created,
  messageOf,
  signer,
  spec,
  submit,
  transferOf,
  twoOfThree,
} from './fixtures.js';

const submitted = (events: TransferEvent[], who: typeof ADMIN, submittedAt = LATER): TransferEvent => ({
  type: 'TransferApprovalSubmitted',
  data: {
    transferId: TRANSFER_ID,
    signer: who.locator,
    signature: approval(events, who).signature,
    message: messageOf(events),
    submittedAt,
  },
});
const approvedAt = (at = LATER): TransferEvent => ({
  type: 'TransferApproved',
  data: { transferId: TRANSFER_ID, approvedAt: at },
});

/** A transfer as stored before ADR 0455: its message made with v1, which recorded no version. */
const madeBeforeV2 = (events: TransferEvent[]): TransferEvent[] =>
  events.map((event) => {
    if (event.type !== 'TransferCreated') return event;
    const { version: _version, ...approvals } = event.data.approvals;
    return { ...event, data: { ...event.data, approvals } };
  });

describe('SubmitApprovals of transfers made before approval messages covered EVM memos (ADR 0455)', () => {
  const memo = { type: 'text' as const, value: 'order-7f3a' };

  it('refuses, with 422 approval_message_outdated, an EVM transfer whose memo its v1 message left out', () => {
    const events = madeBeforeV2(created(createEvm({ memo })));
    expect(transferOf(events).approvalMessageVersion).toBe(1);
    spec
      .given(events)
      .when(submit([approval(events, ADMIN)]))
      .thenFails({ kind: 'unprocessable', code: 'approval_message_outdated', parameters: { version: 1 } });
  });

  it('approves v1 transfers whose message covered everything: EVM without a memo, other families with one', () => {
    const plain = madeBeforeV2(created());
    spec
      .given(plain)
      .when(submit([approval(plain, ADMIN)]))
      .then([submitted(plain, ADMIN), approvedAt()]);
    const stellar = madeBeforeV2(created(createStellar(memo)));
    expect(
      spec
        .given(stellar)
        .when(submit([approval(stellar, ADMIN)]))
        .events()
        .at(-1)?.type,
    ).toBe('TransferApproved');
  });
});

describe('SubmitApprovals with a quorum of one (the admin signer)', () => {
  const events = created();

  it('refuses with the handler’s reason when it refused the proof outright (a passkey assertion for another origin)', () => {
    const outright = invalid('webauthn_origin_not_allowed', 'metadata.clientDataJSON: origin https://evil.example');
    spec
      .given(events)
      .when(submit([approval(events, ADMIN, { verified: false, refusal: outright })]))
      .thenFails(outright);
  });

  it('records the approval and approves the transfer for broadcast', () => {
    spec
      .given(events)
      .when(submit([approval(events, ADMIN)]))
      .then([submitted(events, ADMIN), approvedAt()]);
    expect(transferStatus(transferOf(approved()))).toBe('pending');
  });

  it('refuses the same signer again with 409 approval_already_submitted', () => {
    spec
      .given(approved())
      .when(submit([approval(events, ADMIN)]))
      .thenFails({ kind: 'conflict', code: 'approval_already_submitted' });
  });

  it('refuses any other signer once approvals are complete with 422 approvals_complete', () => {
    spec
      .given(approved())
      .when(submit([approval(events, SECOND)]))
      .thenFails({ kind: 'unprocessable', code: 'approvals_complete' });
  });

  it('refuses a signer the transfer does not wait for, naming the ones it does', () => {
    spec
      .given(events)
      .when(submit([approval(events, SECOND)]))
      .thenFails({
        kind: 'invalid',
        code: 'signer_not_pending',
        parameters: { signer: SECOND.locator, pendingSigners: [ADMIN.locator] },
      });
  });

  it('refuses a signature over another message', () => {
    spec
      .given(events)
      .when(submit([approval(events, ADMIN, { message: '0x' + '00'.repeat(32) })]))
      .thenFails({ code: 'approval_message_mismatch' });
  });

  it('refuses a signature the handler could not verify', () => {
    spec
      .given(events)
      .when(submit([approval(events, ADMIN, { verified: false })]))
      .thenFails({ kind: 'invalid', code: 'invalid_signature' });
  });

  it('refuses an approval at or after the deadline', () => {
    spec
      .given(events)
      .when(submit([approval(events, ADMIN)], EXPIRES_AT))
      .thenFails({ kind: 'unprocessable', code: 'approvals_expired' });
  });

  it('refuses an empty request, a bad timestamp and an unknown transfer', () => {
    spec.given(events).when(submit([])).thenFails({ code: 'no_approvals' });
    spec
      .given(events)
      .when(submit([approval(events, ADMIN)], 'soon'))
      .thenFails({ code: 'invalid_timestamp' });
    spec
      .given([])
      .when(submit([approval(events, ADMIN)]))
      .thenFails({ kind: 'not_found' });
  });

  it('awaits exactly the admin signer, whose address the handler verifies against', () => {
    expect(pendingSignerLocators(transferOf(events))).toEqual([ADMIN.locator]);
    expect(quorumSignerOf(transferOf(events), ADMIN.locator)).toEqual(ADMIN);
    expect(quorumSignerOf(transferOf(events), SECOND.locator)).toBeUndefined();
  });
});

describe('SubmitApprovals with a 2-of-3 quorum', () => {
  const events = created(createEvm({ requiredApprovals: [twoOfThree] }));

  it('waits after the first approval, with the other members still pending', () => {
    spec
      .given(events)
      .when(submit([approval(events, SECOND)]))
      .then([submitted(events, SECOND)]);
    const state = transferOf(after(events, submit([approval(events, SECOND)])));
    expect(transferStatus(state)).toBe('awaiting-approval');
    expect(pendingSignerLocators(state)).toEqual([ADMIN.locator, THIRD.locator]);
  });

  it('approves the transfer with the second approval', () => {
    const one = after(events, submit([approval(events, SECOND)]));
    spec
      .given(one)
      .when(submit([approval(events, THIRD)], '2026-01-01T00:05:00.000Z'))
      .then([submitted(events, THIRD, '2026-01-01T00:05:00.000Z'), approvedAt('2026-01-01T00:05:00.000Z')]);
  });

  it('takes two approvals in one request', () => {
    spec
      .given(events)
      .when(submit([approval(events, ADMIN), approval(events, THIRD)]))
      .then([submitted(events, ADMIN), submitted(events, THIRD), approvedAt()]);
  });

  it('refuses the third approval once the threshold is met', () => {
    const two = after(events, submit([approval(events, ADMIN), approval(events, SECOND)]));
    spec
      .given(two)
      .when(submit([approval(events, THIRD)]))
      .thenFails({ code: 'approvals_complete' });
  });

  it('refuses the whole request when one of its approvals is refused', () => {
    spec
      .given(events)
      .when(submit([approval(events, ADMIN), approval(events, THIRD, { verified: false })]))
      .thenFails({ code: 'invalid_signature' });
    spec
      .given(events)
      .when(submit([approval(events, ADMIN), approval(events, ADMIN)]))
      .thenFails({ code: 'approval_already_submitted' });
  });
});

describe('SubmitApprovals with several quorums', () => {
  const outsider = signer('0x000000000000000000000000000000000000dEaD');
  const events = created(
    createEvm({
      requiredApprovals: [adminQuorum, { locator: 'quorum:pair', threshold: 2, signers: [ADMIN, outsider] }],
    }),
  );

  it('counts one signature in every quorum its signer belongs to, and waits for the rest', () => {
    const one = after(events, submit([approval(events, ADMIN)]));
    expect(one.at(-1)?.type).toBe('TransferApprovalSubmitted');
    expect(pendingSignerLocators(transferOf(one))).toEqual([outsider.locator]);
    spec
      .given(one)
      .when(submit([approval(events, outsider)]))
      .then([submitted(events, outsider), approvedAt()]);
  });
});

describe('ExpireApprovals', () => {
  const events = created();
  const expire = (now: string) => ({ type: 'ExpireApprovals' as const, data: { now } });
  const expired: TransferEvent = {
    type: 'TransferFailed',
    data: {
      transferId: TRANSFER_ID,
      failedAt: EXPIRES_AT,
      error: { message: `approvals were not completed before ${EXPIRES_AT}`, reason: 'expired' },
      movement: {
        transferId: TRANSFER_ID,
        chain: 'base-sepolia',
        chainType: 'evm',
        token: transferOf(events).token,
        amount: { decimal: '12.5', baseUnits: '12500000' },
        from: transferOf(events).wallet,
        to: transferOf(events).recipient,
      },
    },
  };

  it('fails a transfer still awaiting approval at its deadline', () => {
    spec.given(events).when(expire(EXPIRES_AT)).then([expired]);
    expect(transferStatus(transferOf([...events, expired]))).toBe('failed');
  });

  it('refuses to expire before the deadline', () => {
    spec
      .given(events)
      .when(expire(LATER))
      .thenFails({ kind: 'conflict', code: 'approval_deadline_not_reached', parameters: { expiresAt: EXPIRES_AT } });
  });

  it('does nothing to an approved or an already expired transfer', () => {
    spec.given(approved()).when(expire(EXPIRES_AT)).thenNothingHappened();
    spec
      .given([...events, expired])
      .when(expire(EXPIRES_AT))
      .thenNothingHappened();
  });

  it('answers approvals after expiry with approvals_expired, even from a signer that already approved', () => {
    spec
      .given([...events, expired])
      .when(submit([approval(events, ADMIN)]))
      .thenFails({ code: 'approvals_expired' });
    const twoOfThreeEvents = created(createEvm({ requiredApprovals: [twoOfThree] }));
    const oneThenExpired = [...after(twoOfThreeEvents, submit([approval(twoOfThreeEvents, ADMIN)])), expired];
    spec
      .given(oneThenExpired)
      .when(submit([approval(twoOfThreeEvents, ADMIN)]))
      .thenFails({ code: 'approvals_expired' });
  });

  it('refuses an unknown transfer and a bad timestamp', () => {
    spec.given([]).when(expire(EXPIRES_AT)).thenFails({ kind: 'not_found' });
    spec.given(events).when(expire('tomorrow')).thenFails({ code: 'invalid_timestamp' });
  });
});
