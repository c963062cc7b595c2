import { SetMetadata } from '@nestjs/common';

export const HANDLES_IDEMPOTENCY_KEY_METADATA = 'paykit:handles-idempotency-key';

/**
 * The route reads `x-idempotency-key` itself (create wallet answers a reused key with the
 * existing wallet and 200), so the replay layer leaves it alone. It may use IdempotencyStore.
 */
export const HandlesIdempotencyKey = () => SetMetadata(HANDLES_IDEMPOTENCY_KEY_METADATA, true);
