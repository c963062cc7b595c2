export { type TourOptions, type TourResult, runTour } from './tour.js';
export { type LocalSandbox, FAST_SANDBOX_ENV, startLocalSandbox } from './sandbox.js';
export * from './stories.js';
