import { Inject, Injectable } from '@nestjs/common';
import {
  type DataItem,
  type Eligibility,
  type UserLocator,
  type UserState,
  type VerificationStatus,
  calendarDayOf,
  dataItemsOfUser,
  eligibilityOf,
  parseUserLocator,
  userDecider,
  userKeyOf,
} from '@paykit/identity';
import { type IdGenerator, getOrThrow } from '@paykit/kernel';
import type { KycInquiry, KycProviderPort, KycSession } from '@paykit/providers';
import { UserDocuments } from '../documents/user-documents.js';
import type { ProjectContext } from '../http/caller.js';
import { Aggregates } from '../infrastructure/aggregates/aggregates.js';
import { ID_GENERATOR } from '../infrastructure/tokens.js';
import { KYC_PROVIDER } from './kyc.provider.js';
import { UserAggregate, UserByKeyAggregate } from './user.aggregate.js';
import { UserDetailsBox } from './user-details-box.js';

export interface VerificationView {
  readonly eligibility: Eligibility[];
  /** What a client needs to open the provider's flow, while the check waits for the person. */
  readonly kyc?: KycSession;
}

/** Where a user's identity check stands, for the orders area. */
export interface KycStanding {
  readonly status: 'not-started' | VerificationStatus;
  /** What a client needs to open the provider's flow, while the check waits for the person. */
  readonly session?: KycSession;
}

const OPEN: readonly VerificationStatus[] = ['pending', 'needs-review'];

/** Whose check an inquiry is, as the provider keeps it: the project and the user's key, never the locator itself. */
const providerUserIdOf = (projectId: string, user: UserLocator): string => `${projectId}:${userKeyOf(projectId, user)}`;

/** The inverse of providerUserIdOf (the key is hex, so the last colon ends the project id); undefined for an id not ours. */
const providerUserOf = (userId: string): { projectId: string; userKey: string } | undefined => {
  const colon = userId.lastIndexOf(':');
  const [projectId, userKey] = [userId.slice(0, colon), userId.slice(colon + 1)];
  return colon > 0 && /^[0-9a-f]{40}$/.test(userKey) ? { projectId, userKey } : undefined;
};

/** The data items a user's details on record hold (and the email of an `email:` locator). */
export const dataItemsOnRecord = (state: UserState, user: UserLocator): DataItem[] =>
  dataItemsOfUser(
    Object.values(state.sections).map((section) => section.dataItems),
    user,
  );

/**
 * Identity verification, for the users area's handlers and the orders area: starts the KYC
 * provider's check for a user, keeps its outcome on the user's stream (the provider is asked
 * again while the check is open), and derives the user's eligibility for onramp and offramp
 * from their data, documents and that outcome.
 */
@Injectable()
export class IdentityVerificationService {
  constructor(
    private readonly aggregates: Aggregates,
    private readonly details: UserDetailsBox,
    private readonly documents: UserDocuments,
    @Inject(KYC_PROVIDER) private readonly kyc: KycProviderPort,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  /** The user's stream folded: the initial state when nothing was recorded of them. */
  async stateOf(projectId: string, user: UserLocator): Promise<UserState> {
    return (await this.aggregates.load(UserAggregate, { projectId, user }))?.state ?? userDecider.initialState();
  }

  /** Eligibility after asking the provider about an open check (what GET .../identity-verification answers). */
  async view(context: ProjectContext, user: UserLocator): Promise<VerificationView> {
    const { state, session } = await this.synced(context, user);
    const eligibility = eligibilityOf({
      dataItems: dataItemsOnRecord(state, user),
      documents: await this.documents.documentsOf(context.projectId, user),
      verification: state.verification?.status ?? null,
      today: calendarDayOf(this.aggregates.now()),
    });
    return { eligibility, ...(session && { kyc: session }) };
  }

  /** For the orders area: the user's eligibility for each kind of order. */
  async eligibility(projectId: string, userLocator: string): Promise<Eligibility[]> {
    return (await this.view(this.systemContext(projectId), getOrThrow(parseUserLocator(userLocator)))).eligibility;
  }

  /** For the orders area: the user's identity check as the provider last answered. */
  async kycStanding(projectId: string, userLocator: string): Promise<KycStanding> {
    const { state, session } = await this.synced(
      this.systemContext(projectId),
      getOrThrow(parseUserLocator(userLocator)),
    );
    if (!state.verification) return { status: 'not-started' };
    return { status: state.verification.status, ...(session && { session }) };
  }

  /**
   * For the orders area: opens (or resumes) the user's identity check without asking for our
   * data first, since the provider's own flow collects it (an order that needs KYC shows its
   * session). A user with a check keeps it; a rejected user gets no new one.
   */
  async openCheck(context: ProjectContext, userLocator: string, referenceId?: string): Promise<KycStanding> {
    const user = getOrThrow(parseUserLocator(userLocator));
    const state = await this.stateOf(context.projectId, user);
    if (state.verification === null) await this.open(context, user, state, referenceId);
    return this.kycStanding(context.projectId, user);
  }

  /** Starts the provider's inquiry for the user and records it on their stream. */
  async open(context: ProjectContext, user: UserLocator, state: UserState, referenceId?: string): Promise<void> {
    const ref = { projectId: context.projectId, user };
    const details = this.details.open(ref, state);
    const name = details.userDetails && `${details.userDetails.firstName} ${details.userDetails.lastName}`;
    const email = details.kycData?.email ?? (user.startsWith('email:') ? user.slice('email:'.length) : undefined);
    const inquiry = getOrThrow(
      await this.kyc.startInquiry({
        userId: providerUserIdOf(context.projectId, user),
        ...(referenceId !== undefined && { referenceId }),
        ...(name !== undefined && { name }),
        ...(email !== undefined && { email }),
      }),
    );
    const { provider, inquiryId, environmentId, status } = inquiry;
    const at = this.aggregates.now().toISOString();
    await this.aggregates.execute(
      UserAggregate,
      ref,
      {
        type: 'StartIdentityVerification',
        data: { userLocator: user, provider, inquiryId, environmentId, status, at },
      },
      context,
    );
  }

  /**
   * The provider's own word about an inquiry (its signed webhook): recorded on the user's check as
   * the polling path records it (RecordVerificationStatus), while that check is the user's and
   * open; a repeated answer, one about a check no longer theirs or already decided, or about no
   * user of ours, changes nothing. Answers whether anything was recorded.
   */
  async recordProviderAnswer(inquiry: KycInquiry): Promise<boolean> {
    const owner = providerUserOf(inquiry.userId);
    const loaded = owner && (await this.aggregates.load(UserByKeyAggregate, owner));
    if (!owner || !loaded || loaded.projectId !== owner.projectId || loaded.state.userLocator === null) return false;
    const verification = loaded.state.verification;
    if (verification?.inquiryId !== inquiry.inquiryId || !OPEN.includes(verification.status)) return false;
    if (verification.status === inquiry.status) return false;
    const context: ProjectContext = {
      projectId: owner.projectId,
      actor: { type: 'system', id: 'kyc-provider-webhook' },
      correlationId: this.ids.uuid(),
    };
    const user = getOrThrow(parseUserLocator(loaded.state.userLocator));
    await this.recordStatus(context, user, inquiry.inquiryId, inquiry.status);
    return true;
  }

  /** The user's state after asking the provider about an open check (and recording any change). */
  private async synced(
    context: ProjectContext,
    user: UserLocator,
  ): Promise<{ state: UserState; session?: KycSession }> {
    const state = await this.stateOf(context.projectId, user);
    const verification = state.verification;
    if (!verification || !OPEN.includes(verification.status)) return { state };
    const inquiry = getOrThrow(await this.kyc.getInquiry(verification.inquiryId));
    const { provider, inquiryId, sessionToken, environmentId, status } = inquiry;
    const next = status === verification.status ? state : await this.recordStatus(context, user, inquiryId, status);
    return OPEN.includes(status)
      ? { state: next, session: { provider, inquiryId, sessionToken, environmentId } }
      : { state: next };
  }

  private async recordStatus(
    context: ProjectContext,
    user: UserLocator,
    inquiryId: string,
    status: VerificationStatus,
  ): Promise<UserState> {
    const at = this.aggregates.now().toISOString();
    const command = { type: 'RecordVerificationStatus' as const, data: { userLocator: user, inquiryId, status, at } };
    return (await this.aggregates.execute(UserAggregate, { projectId: context.projectId, user }, command, context))
      .state;
  }

  /** A context for what the service records on its own (a provider's answer seen outside a request). */
  systemContext(projectId: string): ProjectContext {
    return { projectId, actor: { type: 'system', id: 'identity-verification' }, correlationId: this.ids.uuid() };
  }
}
