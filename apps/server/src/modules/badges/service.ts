/**
 * Badge QR lookup (server-rules.md "Badge scanning"): a vCard, MECARD or JSON payload is answered
 * from its own fields; a bare badge id is looked up in the event registration table.
 */
import { BADGE_MESSAGES, badgeCountryCode, parseBadgePayload, type BadgeDetails } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../http/errors.js';
import { findEventBadge, type EventBadgeRow } from './repository.js';

function detailsOf(row: EventBadgeRow): BadgeDetails {
  return {
    firstName: row.firstName,
    lastName: row.lastName,
    company: row.company,
    jobTitle: row.jobTitle,
    email: row.email,
    phone: row.phone,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    // Spec 9 "QR country mapping", the same for looked-up badges as for parsed ones.
    country: badgeCountryCode(row.country),
  };
}

export async function lookUpBadge(db: Database, payload: string): Promise<BadgeDetails> {
  const parsed = parseBadgePayload(payload);
  if (!parsed) throw badRequest('payload', BADGE_MESSAGES.unreadable);
  if (parsed.kind === 'details') return parsed.details;
  const row = await findEventBadge(db, parsed.badgeId);
  if (!row) throw notFound(BADGE_MESSAGES.notFound);
  return detailsOf(row);
}
