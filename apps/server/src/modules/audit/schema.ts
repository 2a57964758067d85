/**
 * The audit trail.
 * Money is integer cents (`*_cents`). Every module's schema.ts is read by drizzle-kit (drizzle.config.ts);
 * migrations are generated into apps/server/drizzle/ and committed.
 */
import { index, integer, jsonb, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns.js';
import { organizations } from '../organizations/schema.js';
import { users } from '../users/schema.js';

/**
 * The audit trail (issue 20): who changed what, when, with the values before and after. The actor's
 * name and email are kept as they were, so the entry reads the same after the user changes.
 */
export const auditEntries = pgTable(
  'audit_entries',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull().default(''),
    userEmail: text('user_email').notNull().default(''),
    kind: text('kind').notNull(),
    subject: text('subject').notNull().default(''),
    subjectId: integer('subject_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_entries_org_idx').on(t.organizationId, t.id),
    index('audit_entries_org_user_idx').on(t.organizationId, t.userId, t.id),
    index('audit_entries_org_kind_idx').on(t.organizationId, t.kind, t.id),
  ],
);
