/** The zod-free rules of errors.ts (its API schemas stay there); exported through src/rules.ts. */

/** Error codes the clients act on (spec 8). */
export const ERROR_CODES = {
  pricesChanged: 8000,
  noPaymentMethods: 8001,
  /** Issue 36: an on-account order beyond the organization's available credit (422). */
  creditExceeded: 8002,
} as const;
