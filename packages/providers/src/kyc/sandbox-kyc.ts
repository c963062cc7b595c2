import { WrongExpectedRevisionError } from '@paykit/event-store';
import * as E from 'fp-ts/lib/Either.js';
import { conflict, domainError, invalid, type Clock, type DomainError, type IdGenerator } from '@paykit/kernel';
import { SandboxFaults } from '../faults/sandbox-faults.js';
import { isPrefixedUuid, sha256Hex } from '../state/derived-ids.js';
import { memoryProviderState, type ProviderState } from '../state/provider-state.js';
import { ProviderStreams } from '../state/provider-streams.js';
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
  /** Where inquiries are kept (sealed: session tokens): the service's event store. A memory store of its own by default. */
  readonly state?: ProviderState;
}

/** Sealed in `SandboxKycInquiryStarted`: the inquiry, and what decides it with the clock. */
interface InquiryRecord {
  readonly inquiry: Omit<KycInquiry, 'status' | 'decidedAt'>;
  readonly outcome: SandboxKycOutcome;
  readonly decidesAt: number;
  /** A manual review's final answer, once `resolveReview` gave it. */
  readonly review?: { readonly outcome: 'approved' | 'declined'; readonly at: string };
}

const INQUIRY_STARTED = 'SandboxKycInquiryStarted';
const REVIEW_RESOLVED = 'SandboxKycReviewResolved';
const INQUIRY_OPENED = 'SandboxKycInquiryOpened';

const inquiryStream = (inquiryId: string): string => `sandboxKycInquiry-${inquiryId}`;
/** A user's inquiries, newest last; named by a hash of the user id. */
const userStream = (userId: string): string => `sandboxKycUser-${sha256Hex(userId)}`;

/** Two instances opening a user's inquiry at once, or resolving one review: this many tries. */
const MAX_ATTEMPTS = 5;

const notFound = () => domainError('not_found', 'inquiry_not_found', 'no identity inquiry has this id');

/**
 * The sandbox identity check: its outcome follows the input (see `sandboxOutcomeOf`),
 * reached `completionDelayMs` after the start on the injected clock. A manual review
 * stays `needs-review` until `resolveReview` answers it. Each inquiry is a stream holding when
 * and how it is decided, so its status after a restart is what the clock says; a user's stream
 * names their latest inquiry, appended at the revision read, so one user has one open inquiry
 * whichever instance opens it (docs/adr/0432).
 */
export class SandboxKyc implements KycProviderPort {
  private readonly faults: SandboxFaults;
  private readonly streams: ProviderStreams;

  constructor(private readonly options: SandboxKycOptions) {
    this.faults = options.faults ?? new SandboxFaults();
    this.streams = new ProviderStreams(options.state ?? memoryProviderState(), 'kyc', options.clock);
  }

  async startInquiry(input: StartInquiryInput): Promise<E.Either<DomainError, KycInquiry>> {
    const failure = this.faults.failureOf('kyc', 'startInquiry');
    if (failure) return E.left(failure);
    if (input.userId.trim() === '') return E.left(invalid('invalid_user_id', 'userId is required'));
    const outcome = sandboxOutcomeOf(input, this.options.defaultOutcome ?? 'approved');
    if (E.isLeft(outcome)) return outcome;
    return this.streams.guard(async () => {
      const users = userStream(input.userId);
      for (let attempt = 1; ; attempt++) {
        const opened = await this.streams.read(users);
        const latest = opened.at(-1);
        const current = latest && (await this.load((latest.data as { inquiryId: string }).inquiryId));
        const open = current && this.view(current);
        if (open && (open.status === 'pending' || open.status === 'needs-review')) return E.right(open);
        const record = this.newInquiry(input, outcome.right);
        const { inquiryId } = record.inquiry;
        const stream = inquiryStream(inquiryId);
        // Recorded before the user's stream names it: a crash in between leaves an inquiry nobody was given.
        await this.streams.create(stream, [{ type: INQUIRY_STARTED, data: this.streams.seal(stream, record) }]);
        try {
          await this.streams.append(
            users,
            [{ type: INQUIRY_OPENED, data: { inquiryId } }],
            latest ? latest.revision : 'no_stream',
          );
          return E.right(this.view(record));
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
        }
      }
    });
  }

  async getInquiry(inquiryId: string): Promise<E.Either<DomainError, KycInquiry>> {
    const failure = this.faults.failureOf('kyc', 'getInquiry');
    if (failure) return E.left(failure);
    return this.streams.guard(async () => {
      const record = await this.load(inquiryId);
      return record ? E.right(this.view(record)) : E.left(notFound());
    });
  }

  /** Sandbox only: the reviewer's decision on an inquiry in manual review. */
  async resolveReview(inquiryId: string, outcome: 'approved' | 'declined'): Promise<E.Either<DomainError, KycInquiry>> {
    return this.streams.guard(async () => {
      for (let attempt = 1; ; attempt++) {
        const loaded = await this.loadWithRevision(inquiryId);
        if (!loaded) return E.left(notFound());
        const { record, revision } = loaded;
        if (record.review?.outcome === outcome) return E.right(this.view(record));
        const status = this.view(record).status;
        if (status !== 'needs-review') {
          return E.left(conflict('inquiry_not_in_review', `the inquiry is ${status}, not in manual review`));
        }
        const review = { outcome, at: this.options.clock.now().toISOString() };
        const stream = inquiryStream(inquiryId);
        try {
          await this.streams.append(
            stream,
            [{ type: REVIEW_RESOLVED, data: this.streams.seal(stream, review) }],
            revision,
          );
          return E.right(this.view({ ...record, review }));
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) throw error;
        }
      }
    });
  }

  private newInquiry(input: StartInquiryInput, outcome: SandboxKycOutcome): InquiryRecord {
    const now = this.options.clock.now();
    return {
      inquiry: {
        provider: this.options.provider ?? 'sandbox-kyc',
        inquiryId: `inq_${this.options.ids.uuid()}`,
        sessionToken: `kyc_session_${this.options.ids.uuid().replaceAll('-', '')}`,
        environmentId: this.options.environmentId ?? 'env_sandbox',
        userId: input.userId,
        ...(input.referenceId !== undefined && { referenceId: input.referenceId }),
        createdAt: now.toISOString(),
      },
      outcome,
      decidesAt: now.getTime() + (this.options.completionDelayMs ?? 0),
    };
  }

  private async load(inquiryId: string): Promise<InquiryRecord | undefined> {
    return (await this.loadWithRevision(inquiryId))?.record;
  }

  private async loadWithRevision(inquiryId: string): Promise<{ record: InquiryRecord; revision: bigint } | undefined> {
    if (!isPrefixedUuid('inq', inquiryId)) return undefined;
    const stream = inquiryStream(inquiryId);
    let loaded: { record: InquiryRecord; revision: bigint } | undefined;
    for (const event of await this.streams.read(stream)) {
      if (event.type === INQUIRY_STARTED)
        loaded = { record: this.streams.open<InquiryRecord>(stream, event.data), revision: event.revision };
      else if (loaded && event.type === REVIEW_RESOLVED) {
        loaded = {
          record: { ...loaded.record, review: this.streams.open(stream, event.data) },
          revision: event.revision,
        };
      }
    }
    return loaded;
  }

  private view(record: InquiryRecord): KycInquiry {
    if (this.options.clock.now().getTime() < record.decidesAt) return { ...record.inquiry, status: 'pending' };
    const decidedAt = new Date(record.decidesAt).toISOString();
    if (record.review) return { ...record.inquiry, status: record.review.outcome, decidedAt: record.review.at };
    const status: KycInquiryStatus = record.outcome;
    return status === 'needs-review' ? { ...record.inquiry, status } : { ...record.inquiry, status, decidedAt };
  }
}
