export * from './common/error-body.js';
export * from './common/headers.js';
export * from './common/issue-messages.js';
export * from './common/pagination.js';
export * from './platform/health.js';
export * from './agent-checkouts/index.js';
