/** The checkout's shared code: API schemas, ship-to address, taxes, terminal flow, messages. */
export * from './api.js';
export * from './messages.js';
export * from './ship-to-address.js';
export * from './simulated-payment.js';
export * from './tax.js';
export * from './terminal.js';
