import { describe, expect, it } from 'vitest';
import { badgeCountryCode } from './badge-details-rules.js';
import { parseBadgePayload } from './parse-badge-payload.js';

describe('badge QR payloads (server-rules.md "Badge scanning")', () => {
  it('parses a vCard with folded lines, parameters and escapes', () => {
    const vcard = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Fuentes;Alicia;;;',
      'FN:Alicia Fuentes',
      'ORG:Fuentes Tire & Brake',
      'TITLE:Service Manager',
      'EMAIL;TYPE=INTERNET,WORK:alicia.fuentes@fuentestire.example.com',
      'TEL;TYPE=WORK:+1-210-555-0178',
      'ADR;TYPE=WORK:;Suite 4;918 S Flores St;San Antonio;TX;78204;United St',
      ' ates',
      'END:VCARD',
    ].join('\r\n');
    expect(parseBadgePayload(vcard)).toEqual({
      kind: 'details',
      details: {
        firstName: 'Alicia',
        lastName: 'Fuentes',
        company: 'Fuentes Tire & Brake',
        jobTitle: 'Service Manager',
        email: 'alicia.fuentes@fuentestire.example.com',
        phone: '+1-210-555-0178',
        address1: '918 S Flores St',
        address2: 'Suite 4',
        city: 'San Antonio',
        state: 'TX',
        zip: '78204',
        country: 'US',
      },
    });
  });

  it('takes the name from FN when N is missing and unescapes commas', () => {
    const parsed = parseBadgePayload('BEGIN:VCARD\nFN:Owen MacLeod\nORG:Prairie Truck\\, Trailer\nEND:VCARD');
    expect(parsed).toMatchObject({
      kind: 'details',
      details: { firstName: 'Owen', lastName: 'MacLeod', company: 'Prairie Truck, Trailer' },
    });
  });

  it('parses a MECARD with a structured address', () => {
    const parsed = parseBadgePayload(
      'MECARD:N:Tremblay,Marc-André;ORG:Garage Tremblay et Fils;TEL:5145550117;EMAIL:ma.tremblay@garagetremblay.example.com;' +
        'ADR:,,4380 Rue Notre-Dame O,Montréal,QC,H4C 1S2,Canada;;',
    );
    expect(parsed).toEqual({
      kind: 'details',
      details: {
        firstName: 'Marc-André',
        lastName: 'Tremblay',
        company: 'Garage Tremblay et Fils',
        jobTitle: '',
        email: 'ma.tremblay@garagetremblay.example.com',
        phone: '5145550117',
        address1: '4380 Rue Notre-Dame O',
        address2: '',
        city: 'Montréal',
        state: 'QC',
        zip: 'H4C 1S2',
        country: 'CA',
      },
    });
  });

  it('keeps an unstructured MECARD address as the first address line and unescapes semicolons', () => {
    const parsed = parseBadgePayload('MECARD:N:Ortiz,Daniela;ORG:Taller\\; Ortiz;ADR:Calle Industria 220;;');
    expect(parsed).toMatchObject({ details: { company: 'Taller; Ortiz', address1: 'Calle Industria 220', city: '' } });
  });

  it('parses JSON in the spec field names and in camelCase', () => {
    const snake = parseBadgePayload(
      JSON.stringify({
        first_name: 'Ricardo',
        last_name: 'Salinas',
        company: 'Autoservicio Salinas',
        job_title: 'Gerente General',
        zip: 64000,
        country: 'Mexico',
      }),
    );
    expect(snake).toMatchObject({
      kind: 'details',
      details: { firstName: 'Ricardo', lastName: 'Salinas', jobTitle: 'Gerente General', zip: '64000', country: 'MX' },
    });
    const camel = parseBadgePayload(
      JSON.stringify({ firstName: 'Kenji', lastName: 'Watanabe', postalCode: 'V5L 1P9', email: 'k@example.com' }),
    );
    expect(camel).toMatchObject({ details: { firstName: 'Kenji', zip: 'V5L 1P9', email: 'k@example.com', country: '' } });
  });

  it('treats a bare id, or JSON carrying only an id, as a badge id to look up', () => {
    expect(parseBadgePayload('  SEMA-1001\n')).toEqual({ kind: 'badgeId', badgeId: 'SEMA-1001' });
    expect(parseBadgePayload('{"badge_id":"SEMA-1002"}')).toEqual({ kind: 'badgeId', badgeId: 'SEMA-1002' });
  });

  it.each(['', 'https://example.com/x y', '{"foo": true}', '{not json', '[1,2]', 'BEGIN:VCARD\nVERSION:3.0\nEND:VCARD', 'MECARD:;;'])(
    'refuses %j',
    (payload) => {
      expect(parseBadgePayload(payload)).toBeNull();
    },
  );

  it('maps the countries of spec 9 and keeps others', () => {
    expect(badgeCountryCode('United States')).toBe('US');
    expect(badgeCountryCode('canada')).toBe('CA');
    expect(badgeCountryCode('Mexico')).toBe('MX');
    expect(badgeCountryCode('U.S.A.')).toBe('US');
    expect(badgeCountryCode('Germany')).toBe('Germany');
  });
});
