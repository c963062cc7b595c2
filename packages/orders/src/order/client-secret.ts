import { sha256Hex } from '@paykit/kernel';
import type { Order } from './model.js';

/** What CreateOrder stores in place of the client secret. */
export const hashClientSecret = (clientSecret: string): string => sha256Hex(clientSecret);

/** True when `clientSecret` is the one issued with this order (it authorizes paying it). */
export const clientSecretMatches = (order: Order, clientSecret: string): boolean =>
  order.clientSecretHash !== '' && hashClientSecret(clientSecret) === order.clientSecretHash;
