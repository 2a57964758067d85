/**
 * Badge scanning (server-rules.md "Badge scanning"): a vCard, MECARD or JSON payload is answered
 * from its own fields; a bare badge id is looked up in the event registration table. A scan on
 * /sema is also saved as a lead of the organization, with the marketing-consent answer.
 */
import {
  BADGE_MESSAGES,
  badgeCountryCode,
  EMPTY_BADGE_DETAILS,
  LEADS_CSV_COLUMNS,
  leadCsvCells,
  parseBadgePayload,
} from '@portal/domain/rules';
import type { BadgeDetails, BadgeScan, Lead } from '@portal/domain';
import type { Database } from '../../db/client.js';
import { badRequest, notFound } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { csvRow } from '../catalog/index.js';
import { findEventBadge, listLeads, saveLead, type EventBadgeRow, type LeadRow } from './repository.js';

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

type ReadBadge = { details: BadgeDetails; badgeId?: string };

/** The badge a QR payload names; `field` is the request field an unreadable payload is reported on. */
async function readBadge(db: Database, payload: string, field: string): Promise<ReadBadge> {
  const parsed = parseBadgePayload(payload);
  if (!parsed) throw badRequest(field, BADGE_MESSAGES.unreadable);
  if (parsed.kind === 'details') return { details: parsed.details };
  const row = await findEventBadge(db, parsed.badgeId);
  if (!row) throw notFound(BADGE_MESSAGES.notFound);
  return { details: detailsOf(row), badgeId: row.badgeId };
}

/** `POST /api/event/badge-lookup`: checkout's 'Scan QR Code' fills the address from the answer. */
export async function lookUpBadge(db: Database, payload: string): Promise<BadgeDetails> {
  return (await readBadge(db, payload, 'payload')).details;
}

/** What makes two scans the same visitor: the badge id, else the email, else the name and company. */
export function leadKeyOf({ details, badgeId }: ReadBadge): string {
  if (badgeId) return badgeId;
  if (details.email) return details.email.toLowerCase();
  return [details.firstName, details.lastName, details.company].join('|').toLowerCase();
}

/** `POST /api/event/badgescan`: saves the lead (once per badge and organization) with the latest consent answer. */
export async function scanBadge(db: Database, principal: Principal, request: BadgeScan): Promise<BadgeDetails> {
  const badge = await readBadge(db, request.badge, 'badge');
  await saveLead(db, {
    organizationId: principal.organization.id,
    userId: principal.user.id,
    leadKey: leadKeyOf(badge),
    badge: badge.badgeId ? { badgeId: badge.badgeId, ...badge.details } : badge.details,
    allowMarketing: request.allowMarketing,
  });
  return badge.details;
}

function leadOf(row: LeadRow): Lead {
  const details = Object.fromEntries(
    Object.keys(EMPTY_BADGE_DETAILS).map((key) => [key, typeof row.badge[key] === 'string' ? row.badge[key] : '']),
  ) as BadgeDetails;
  const name = [row.firstName, row.lastName].filter(Boolean).join(' ').trim();
  return {
    ...details,
    id: row.id,
    allowMarketing: row.allowMarketing,
    scannedAt: row.scannedAt.toISOString(),
    scannedBy: name || row.email || '',
  };
}

/** `GET /api/event/leads` (issue 34): the caller's organization's leads, the latest scanned first. */
export async function organizationLeads(db: Database, principal: Principal): Promise<Lead[]> {
  return (await listLeads(db, principal.organization.id)).map(leadOf);
}

/**
 * `GET /api/event/leads/export` (issue 34): the same leads as CSV, a header row of
 * LEADS_CSV_COLUMNS, then one row per lead (the catalog export's CSV writing: RFC 4180, cells a
 * spreadsheet would run as a formula defused, as badge texts are typed by visitors).
 */
export async function leadsCsv(db: Database, principal: Principal): Promise<string> {
  const leads = await organizationLeads(db, principal);
  return [csvRow(LEADS_CSV_COLUMNS), ...leads.map((lead) => csvRow(leadCsvCells(lead)))].join('');
}
