/**
 * The badge QR payload parser (server-rules.md "Badge scanning": a payload is parsed as vCard,
 * MECARD or JSON; a bare badge id is looked up in the event registration table). Pure, so the
 * server and its tests share it.
 */
import { badgeCountryCode, EMPTY_BADGE_DETAILS } from './badge-details-rules.js';
import type { BadgeDetails } from './badge-details.js';

export type ParsedBadgePayload = { kind: 'details'; details: BadgeDetails } | { kind: 'badgeId'; badgeId: string };

/** A badge id as printed by the registration system: letters, digits, dash, dot, underscore. */
const BADGE_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

function finish(details: Partial<BadgeDetails>): BadgeDetails | null {
  const merged: BadgeDetails = { ...EMPTY_BADGE_DETAILS };
  for (const key of Object.keys(merged) as (keyof BadgeDetails)[]) merged[key] = (details[key] ?? '').trim();
  merged.country = badgeCountryCode(merged.country);
  const hasSomething = merged.firstName || merged.lastName || merged.company || merged.email;
  return hasSomething ? merged : null;
}

// ---- vCard (RFC 6350 / 2.1 / 3.0) ----

const unescapeVcard = (value: string) => value.replace(/\\([\\;,nN:])/g, (_, c: string) => (c === 'n' || c === 'N' ? ' ' : c)).trim();

/** Splits on `sep` not preceded by a backslash. */
function splitUnescaped(value: string, sep: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < value.length; i++) {
    const c = value[i]!;
    if (c === '\\' && i + 1 < value.length) {
      current += c + value[i + 1];
      i++;
    } else if (c === sep) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts;
}

function parseVcard(payload: string): BadgeDetails | null {
  // Unfold continuation lines (a line break followed by a space or tab).
  const lines = payload
    .replace(/\r\n?/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n');
  const details: Partial<BadgeDetails> = {};
  let fullName = '';
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const [rawName = ''] = line.slice(0, colon).split(';');
    const name = rawName.replace(/^item\d+\./i, '').toUpperCase();
    const value = line.slice(colon + 1);
    switch (name) {
      case 'N': {
        const [last = '', first = ''] = splitUnescaped(value, ';').map(unescapeVcard);
        details.lastName = last;
        details.firstName = first;
        break;
      }
      case 'FN':
        fullName = unescapeVcard(value);
        break;
      case 'ORG':
        details.company = splitUnescaped(value, ';').map(unescapeVcard).filter(Boolean).join(', ');
        break;
      case 'TITLE':
        details.jobTitle = unescapeVcard(value);
        break;
      case 'EMAIL':
        details.email ||= unescapeVcard(value);
        break;
      case 'TEL':
        details.phone ||= unescapeVcard(value.replace(/^tel:/i, ''));
        break;
      case 'ADR': {
        if (details.address1) break;
        // PO box; extended address; street; locality; region; postal code; country.
        const [, extended = '', street = '', city = '', region = '', zip = '', country = ''] = splitUnescaped(value, ';').map(
          unescapeVcard,
        );
        Object.assign(details, { address1: street, address2: extended, city, state: region, zip, country });
        break;
      }
    }
  }
  if (!details.firstName && !details.lastName && fullName) {
    const space = fullName.lastIndexOf(' ');
    details.firstName = space > 0 ? fullName.slice(0, space) : fullName;
    details.lastName = space > 0 ? fullName.slice(space + 1) : '';
  }
  return finish(details);
}

// ---- MECARD (NTT DoCoMo) ----

const unescapeMecard = (value: string) => value.replace(/\\([\\;:,"])/g, '$1').trim();

function parseMecard(payload: string): BadgeDetails | null {
  const body = payload.replace(/^MECARD:/i, '');
  const details: Partial<BadgeDetails> = {};
  for (const field of splitUnescaped(body, ';')) {
    const colon = field.indexOf(':');
    if (colon < 0) continue;
    const name = field.slice(0, colon).trim().toUpperCase();
    const value = field.slice(colon + 1);
    switch (name) {
      case 'N': {
        const [last = '', first = ''] = splitUnescaped(value, ',').map(unescapeMecard);
        details.lastName = last;
        details.firstName = first;
        break;
      }
      case 'ORG':
        details.company = unescapeMecard(value);
        break;
      case 'TITLE':
        details.jobTitle = unescapeMecard(value);
        break;
      case 'EMAIL':
        details.email ||= unescapeMecard(value);
        break;
      case 'TEL':
        details.phone ||= unescapeMecard(value);
        break;
      case 'ADR': {
        if (details.address1) break;
        // PO box, room number, house number and street, city, prefecture, zip code, country.
        const parts = splitUnescaped(value, ',').map(unescapeMecard);
        if (parts.length >= 7) {
          const [, room = '', street = '', city = '', state = '', zip = '', country = ''] = parts;
          Object.assign(details, { address1: street, address2: room, city, state, zip, country });
        } else details.address1 = unescapeMecard(value);
        break;
      }
    }
  }
  return finish(details);
}

// ---- JSON ----

/** Field names seen in badge JSON: the spec's snake_case, camelCase and a few common synonyms. */
const JSON_KEYS: Record<keyof BadgeDetails, string[]> = {
  firstName: ['first_name', 'firstname', 'given_name', 'givenname'],
  lastName: ['last_name', 'lastname', 'family_name', 'familyname', 'surname'],
  company: ['company', 'organization', 'organisation', 'org'],
  jobTitle: ['job_title', 'jobtitle', 'title'],
  email: ['email', 'e_mail', 'mail'],
  phone: ['phone', 'telephone', 'tel', 'phone_number', 'phonenumber'],
  address1: ['address1', 'address_1', 'address_line1', 'addressline1', 'street1', 'street'],
  address2: ['address2', 'address_2', 'address_line2', 'addressline2', 'street2'],
  city: ['city', 'locality'],
  state: ['state', 'region', 'province'],
  zip: ['zip', 'zip_code', 'zipcode', 'postal_code', 'postalcode', 'postcode'],
  country: ['country'],
};

function parseJson(payload: string): ParsedBadgePayload | null {
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const source = new Map<string, string>();
  for (const [key, raw] of Object.entries(value)) {
    if (typeof raw === 'string' || typeof raw === 'number') source.set(key.toLowerCase(), String(raw));
  }
  const details: Partial<BadgeDetails> = {};
  for (const [field, keys] of Object.entries(JSON_KEYS) as [keyof BadgeDetails, string[]][]) {
    const key = keys.find((k) => source.has(k));
    if (key) details[field] = source.get(key);
  }
  const parsed = finish(details);
  if (parsed) return { kind: 'details', details: parsed };
  // A JSON object carrying only the badge id is looked up like a bare id.
  const badgeId = (source.get('badge_id') ?? source.get('badgeid') ?? source.get('id') ?? '').trim();
  return BADGE_ID.test(badgeId) ? { kind: 'badgeId', badgeId } : null;
}

/** Parses a decoded badge QR code; null when it is none of vCard, MECARD, JSON or a badge id. */
export function parseBadgePayload(payload: string): ParsedBadgePayload | null {
  const text = payload.trim();
  if (/^BEGIN:VCARD/i.test(text)) {
    const details = parseVcard(text);
    return details ? { kind: 'details', details } : null;
  }
  if (/^MECARD:/i.test(text)) {
    const details = parseMecard(text);
    return details ? { kind: 'details', details } : null;
  }
  if (text.startsWith('{')) return parseJson(text);
  return BADGE_ID.test(text) ? { kind: 'badgeId', badgeId: text } : null;
}
