/** The zod-free rules of dev-mailbox.ts (its API schemas stay there); exported through src/rules.ts. */

export const DEV_MAILBOX_LIMIT = 100;
