export * from './payment-method.js';
