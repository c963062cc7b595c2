export {
  openReadModelDatabase,
  readModelDatabasePath,
  READ_MODEL_DATABASE_FILE,
  type ReadModelDatabase,
} from './database/open-read-model-database.js';
export type { Projection } from './definition/projection.js';
export { defineProjection, type ProjectionDefinition } from './definition/define-projection.js';
export { buildLabel, builtBy, CheckpointTable, type StoredCheckpoint } from './checkpoints/checkpoint-table.js';
export {
  DEFAULT_REBUILD_BATCH_SIZE,
  ProjectionRunner,
  type ProjectionRunnerOptions,
} from './runner/projection-runner.js';
export type {
  ProjectionFailure,
  ProjectionState,
  ProjectionStatus,
  RebuildProgress,
} from './runner/projection-status.js';
export {
  CheckpointMovedBackError,
  ProjectionApplyError,
  ProjectionVersionConflictError,
  RebuildInProgressError,
} from './runner/errors.js';
export { rebuildProjection, type RebuildProjectionOptions } from './rebuild/rebuild-projection.js';
export { readStoredStatus, type StoredProjectionState, type StoredProjectionStatus } from './rebuild/stored-status.js';
export { REBUILD_LEASE_TTL_MS, type RebuildLease } from './rebuild/rebuild-leases.js';
export { shadowDatabasePath } from './rebuild/shadow-database.js';
