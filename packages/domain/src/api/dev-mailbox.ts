import { z } from 'zod';

/** `GET /api/dev/mailbox` query: `to` narrows to one recipient, case-insensitively. */
export const devMailboxQuerySchema = z.object({
  to: z.string().trim().max(320).optional(),
});
export type DevMailboxQuery = z.infer<typeof devMailboxQuerySchema>;

/** One message the development mail transport stored instead of sending. */
export const devMailboxMessageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  /** ISO 8601 time the message was delivered to the mailbox. */
  createdAt: z.string(),
});
export type DevMailboxMessage = z.infer<typeof devMailboxMessageSchema>;

/** Newest first, at most 100 (DEV_MAILBOX_LIMIT of dev-mailbox-rules.ts). */
export const devMailboxResponseSchema = z.array(devMailboxMessageSchema);
