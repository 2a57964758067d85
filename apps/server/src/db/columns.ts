/**
 * Column helpers shared by the modules' table definitions (modules/<name>/schema.ts), so every
 * table writes the same column the same way.
 */
import { timestamp } from 'drizzle-orm/pg-core';

/** When the row was written: `created_at timestamptz not null default now()`. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
