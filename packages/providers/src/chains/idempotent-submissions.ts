import * as E from 'fp-ts/lib/Either.js';
import type { DomainError } from '@paykit/kernel';
import type { SubmitTransferRequest, SubmitTransferResult } from './chain-gateway.js';

type Submission = Promise<E.Either<DomainError, SubmitTransferResult>>;

/**
 * A repeat of an idempotency key returns the first submission, within the process. A node outage
 * (a Left) is forgotten so the caller can retry; an answer (submitted or rejected) stands.
 */
export class IdempotentSubmissions {
  private readonly submissions = new Map<string, Submission>();

  async submit(request: SubmitTransferRequest, send: () => Submission): Submission {
    if (!request.idempotencyKey) return send();
    const key = `${request.chain}:${request.idempotencyKey}`;
    const earlier = this.submissions.get(key);
    if (earlier) return earlier;
    const submission = send();
    this.submissions.set(key, submission);
    const result = await submission;
    if (E.isLeft(result)) this.submissions.delete(key);
    return result;
  }
}
