export { runRunner, type RunnerHandle, type SignalSource } from './run-runner.js';
