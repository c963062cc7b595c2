import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';

/** Names this process (and this runner in it) in rebuild leases: `host:pid:random`. */
export const processOwner = (): string => `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
