import * as E from 'fp-ts/lib/Either.js';
import { conflict, domainError, invalid, type Clock, type DomainError, type IdGenerator } from '@paykit/kernel';
import { SandboxFaults } from '../faults/sandbox-faults.js';
import type { KycInquiry, KycInquiryStatus, KycProviderPort, StartInquiryInput } from './kyc-port.js';
import { sandboxOutcomeOf, type SandboxKycOutcome } from './sandbox-outcome.js';

export interface SandboxKycOptions {
  readonly clock: Clock;
  readonly ids: IdGenerator;
  readonly faults?: SandboxFaults;
  /** The provider name and environment id shown in `payment.preparation.kyc`. */
  readonly provider?: string;
  readonly environmentId?: string;
  /** How long the person takes to complete the check; 0 decides at once. */
  readonly completionDelayMs?: number;
  /** The outcome of an inquiry that asks for none. */
  readonly defaultOutcome?: SandboxKycOutcome;
}

interface InquiryRecord {
  readonly inquiry: Omit<KycInquiry, 'status' | 'decidedAt'>;
  readonly outcome: SandboxKycOutcome;
  readonly decidesAt: number;
  /** A manual review's final answer, once `resolveReview` gave it. */
  review?: { readonly outcome: 'approved' | 'declined'; readonly at: string };
}

const notFound = () => domainError('not_found', 'inquiry_not_found', 'no identity inquiry has this id');

/**
 * The sandbox identity check: its outcome follows the input (see `sandboxOutcomeOf`),
 * reached `completionDelayMs` after the start on the injected clock. A manual review
 * stays `needs-review` until `resolveReview` answers it.
 */
export class SandboxKyc implements KycProviderPort {
  private readonly inquiries = new Map<string, InquiryRecord>();
  /** Only a user's latest inquiry can be open: a new one starts once it is decided. */
  private readonly latestOfUser = new Map<string, string>();
  private readonly faults: SandboxFaults;

  constructor(private readonly options: SandboxKycOptions) {
    this.faults = options.faults ?? new SandboxFaults();
  }

  async startInquiry(input: StartInquiryInput): Promise<E.Either<DomainError, KycInquiry>> {
    const failure = this.faults.failureOf('kyc', 'startInquiry');
    if (failure) return E.left(failure);
    if (input.userId.trim() === '') return E.left(invalid('invalid_user_id', 'userId is required'));
    const outcome = sandboxOutcomeOf(input, this.options.defaultOutcome ?? 'approved');
    if (E.isLeft(outcome)) return outcome;
    const open = this.openInquiryOf(input.userId);
    if (open) return E.right(open);
    const now = this.options.clock.now();
    const inquiryId = `inq_${this.options.ids.uuid()}`;
    const record: InquiryRecord = {
      inquiry: {
        provider: this.options.provider ?? 'sandbox-kyc',
        inquiryId,
        sessionToken: `kyc_session_${this.options.ids.uuid().replaceAll('-', '')}`,
        environmentId: this.options.environmentId ?? 'env_sandbox',
        userId: input.userId,
        ...(input.referenceId !== undefined && { referenceId: input.referenceId }),
        createdAt: now.toISOString(),
      },
      outcome: outcome.right,
      decidesAt: now.getTime() + (this.options.completionDelayMs ?? 0),
    };
    this.inquiries.set(inquiryId, record);
    this.latestOfUser.set(input.userId, inquiryId);
    return E.right(this.view(record));
  }

  async getInquiry(inquiryId: string): Promise<E.Either<DomainError, KycInquiry>> {
    const failure = this.faults.failureOf('kyc', 'getInquiry');
    if (failure) return E.left(failure);
    const record = this.inquiries.get(inquiryId);
    return record ? E.right(this.view(record)) : E.left(notFound());
  }

  /** Sandbox only: the reviewer's decision on an inquiry in manual review. */
  resolveReview(inquiryId: string, outcome: 'approved' | 'declined'): E.Either<DomainError, KycInquiry> {
    const record = this.inquiries.get(inquiryId);
    if (!record) return E.left(notFound());
    const status = this.view(record).status;
    if (record.review?.outcome === outcome) return E.right(this.view(record));
    if (status !== 'needs-review') {
      return E.left(conflict('inquiry_not_in_review', `the inquiry is ${status}, not in manual review`));
    }
    record.review = { outcome, at: this.options.clock.now().toISOString() };
    return E.right(this.view(record));
  }

  private openInquiryOf(userId: string): KycInquiry | undefined {
    const latest = this.inquiries.get(this.latestOfUser.get(userId) ?? '');
    const inquiry = latest && this.view(latest);
    return inquiry && (inquiry.status === 'pending' || inquiry.status === 'needs-review') ? inquiry : undefined;
  }

  private view(record: InquiryRecord): KycInquiry {
    if (this.options.clock.now().getTime() < record.decidesAt) return { ...record.inquiry, status: 'pending' };
    const decidedAt = new Date(record.decidesAt).toISOString();
    if (record.review) return { ...record.inquiry, status: record.review.outcome, decidedAt: record.review.at };
    const status: KycInquiryStatus = record.outcome;
    return status === 'needs-review' ? { ...record.inquiry, status } : { ...record.inquiry, status, decidedAt };
  }
}
