/** The checkout's shared code: API schemas, ship-to address, payment eligibility, taxes, terminal flow, messages. */
export * from './api.js';
export * from './messages.js';
export * from './payment-eligibility.js';
export * from './ship-to-address.js';
export * from './simulated-payment.js';
export * from './tax.js';
export * from './terminal.js';
