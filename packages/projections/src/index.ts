export {
  openReadModelDatabase,
  readModelDatabasePath,
  READ_MODEL_DATABASE_FILE,
  type ReadModelDatabase,
} from './database/open-read-model-database.js';
export type { Projection } from './definition/projection.js';
export { defineProjection, type ProjectionDefinition } from './definition/define-projection.js';
export { CheckpointTable, type StoredCheckpoint } from './checkpoints/checkpoint-table.js';
export { ProjectionRunner, type ProjectionRunnerOptions } from './runner/projection-runner.js';
export type { ProjectionFailure, ProjectionState, ProjectionStatus } from './runner/projection-status.js';
export { ProjectionApplyError, ProjectionVersionConflictError } from './runner/errors.js';
