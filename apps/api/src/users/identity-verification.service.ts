import { Inject, Injectable } from '@nestjs/common';
import {
  type Eligibility,
  type UserLocator,
  type UserState,
  type VerificationStatus,
  calendarDayOf,
  dataItemsOfUser,
  eligibilityOf,
  missingBeforeVerification,
  parseUserLocator,
  userKeyOf,
} from '@paykit/identity';
import { type Clock, DomainException, type IdGenerator, domainError, getOrThrow } from '@paykit/kernel';
import type { KycProviderPort, KycSession } from '@paykit/providers';
import { DocumentsService } from '../documents/documents.service.js';
import { CLOCK, ID_GENERATOR } from '../infrastructure/tokens.js';
import type { ProjectContext } from './http/caller.js';
import { KYC_PROVIDER } from './kyc.provider.js';
import { UserDetailsService } from './user-details.service.js';
import { UserStreams } from './user-streams.js';

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

/**
 * Identity verification: starts the KYC provider's check for a user, keeps its outcome on
 * the user's stream (the provider is asked again while the check is open), and derives the
 * user's eligibility for onramp and offramp from their data, documents and that outcome.
 */
@Injectable()
export class IdentityVerificationService {
  constructor(
    private readonly users: UserStreams,
    private readonly details: UserDetailsService,
    private readonly documents: DocumentsService,
    @Inject(KYC_PROVIDER) private readonly kyc: KycProviderPort,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ID_GENERATOR) private readonly ids: IdGenerator,
  ) {}

  /** PUT .../identity-verification: starts the check once the data it needs is on record. */
  async start(context: ProjectContext, user: UserLocator): Promise<VerificationView> {
    const state = await this.users.load(context.projectId, user);
    if (state.verification === null) {
      const missing = missingBeforeVerification({
        dataItems: this.dataItems(state, user),
        documents: await this.documents.documentsOf(context.projectId, user),
        today: calendarDayOf(this.clock.now()),
      });
      if (missing.data.length > 0 || missing.documents.length > 0) {
        throw new DomainException(
          domainError('unprocessable', 'identity_data_missing', 'The identity check needs more data or documents first', {
            missingData: missing.data,
            missingDocuments: missing.documents,
          }),
        );
      }
      await this.open(context, user, state);
    }
    return this.view(context, user);
  }

  /** GET .../identity-verification: eligibility after asking the provider about an open check. */
  async view(context: ProjectContext, user: UserLocator): Promise<VerificationView> {
    const { state, session } = await this.synced(context, user);
    const eligibility = eligibilityOf({
      dataItems: this.dataItems(state, user),
      documents: await this.documents.documentsOf(context.projectId, user),
      verification: state.verification?.status ?? null,
      today: calendarDayOf(this.clock.now()),
    });
    return { eligibility, ...(session && { kyc: session }) };
  }

  /** For the orders area: the user's eligibility for each kind of order. */
  async eligibility(projectId: string, userLocator: string): Promise<Eligibility[]> {
    return (await this.view(this.systemContext(projectId), getOrThrow(parseUserLocator(userLocator)))).eligibility;
  }

  /** For the orders area: the user's identity check as the provider last answered. */
  async kycStanding(projectId: string, userLocator: string): Promise<KycStanding> {
    const { state, session } = await this.synced(this.systemContext(projectId), getOrThrow(parseUserLocator(userLocator)));
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
    const state = await this.users.load(context.projectId, user);
    if (state.verification === null) await this.open(context, user, state, referenceId);
    return this.kycStanding(context.projectId, user);
  }

  private async open(context: ProjectContext, user: UserLocator, state: UserState, referenceId?: string): Promise<void> {
    const details = this.details.detailsOf(context.projectId, user, state);
    const name = details.userDetails && `${details.userDetails.firstName} ${details.userDetails.lastName}`;
    const email = details.kycData?.email ?? (user.startsWith('email:') ? user.slice('email:'.length) : undefined);
    const inquiry = getOrThrow(
      await this.kyc.startInquiry({
        userId: `${context.projectId}:${userKeyOf(context.projectId, user)}`,
        ...(referenceId !== undefined && { referenceId }),
        ...(name !== undefined && { name }),
        ...(email !== undefined && { email }),
      }),
    );
    await this.users.run(context, user, {
      type: 'StartIdentityVerification',
      data: {
        userLocator: user,
        provider: inquiry.provider,
        inquiryId: inquiry.inquiryId,
        environmentId: inquiry.environmentId,
        status: inquiry.status,
        at: this.clock.now().toISOString(),
      },
    });
  }

  /** The user's state after asking the provider about an open check (and recording any change). */
  private async synced(context: ProjectContext, user: UserLocator): Promise<{ state: UserState; session?: KycSession }> {
    const state = await this.users.load(context.projectId, user);
    const verification = state.verification;
    if (!verification || !OPEN.includes(verification.status)) return { state };
    const inquiry = getOrThrow(await this.kyc.getInquiry(verification.inquiryId));
    const next =
      inquiry.status === verification.status
        ? state
        : await this.users.run(context, user, {
            type: 'RecordVerificationStatus',
            data: { userLocator: user, inquiryId: inquiry.inquiryId, status: inquiry.status, at: this.clock.now().toISOString() },
          });
    const { provider, inquiryId, sessionToken, environmentId } = inquiry;
    return OPEN.includes(inquiry.status) ? { state: next, session: { provider, inquiryId, sessionToken, environmentId } } : { state: next };
  }

  private dataItems(state: UserState, user: UserLocator) {
    return dataItemsOfUser(
      Object.values(state.sections).map((section) => section.dataItems),
      user,
    );
  }

  /** A context for what the service records on its own (a provider's answer seen outside a request). */
  systemContext(projectId: string): ProjectContext {
    return { projectId, actor: { type: 'system', id: 'identity-verification' }, correlationId: this.ids.uuid() };
  }
}
