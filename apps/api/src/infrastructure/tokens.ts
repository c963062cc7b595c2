/**
 * Injection tokens of the shared infrastructure. Handlers depend on the port types
 * (`@Inject(EVENT_STORE) store: EventStore`), never on a concrete adapter.
 */
export const APP_CONFIG = Symbol('AppConfig');
export const EVENT_STORE = Symbol('EventStore');
export const CLOCK = Symbol('Clock');
export const ID_GENERATOR = Symbol('IdGenerator');
export const READ_MODEL_DATABASE = Symbol('ReadModelDatabase');
export const PROJECTION_RUNNER = Symbol('ProjectionRunner');
