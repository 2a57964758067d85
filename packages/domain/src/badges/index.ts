export * from './badge-details.js';
export * from './parse-badge-payload.js';
