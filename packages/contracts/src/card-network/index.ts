export * from './card-network-authorization.js';
