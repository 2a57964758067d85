export * from './badge-details.js';
export * from './parse-badge-payload.js';
export * from './leads.js';
