import { describe, expect, it } from 'vitest';
import { addMonths, isInspectionDue, isUnderWarranty, nextInspectionOn, normalizeSerialNumber, warrantyEndsOn } from './equipment-rules.js';

describe('equipment rules (issue 37)', () => {
  it('adds months, keeping the end of a shorter month', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2024-02-29', 12)).toBe('2025-02-28');
    expect(addMonths('2025-11-30', 3)).toBe('2026-02-28');
    expect(addMonths('2026-03-15', 12)).toBe('2027-03-15');
    expect(addMonths('2026-12-01', 1)).toBe('2027-01-01');
  });

  it('warranty runs from installation, or from shipment until installed, and covers its last day', () => {
    expect(warrantyEndsOn(null, '2025-06-10', 12)).toBe('2026-06-10');
    expect(warrantyEndsOn('2025-07-01', '2025-06-10', 12)).toBe('2026-07-01');
    expect(warrantyEndsOn('2025-07-01', '2025-06-10', null)).toBeNull();
    expect(isUnderWarranty('2026-07-01', '2026-07-01')).toBe(true);
    expect(isUnderWarranty('2026-07-01', '2026-07-02')).toBe(false);
    expect(isUnderWarranty(null, '2026-07-02')).toBe(false);
  });

  it('the next inspection is a year after the last, or after installation; due 30 days ahead', () => {
    expect(nextInspectionOn(null, null)).toBeNull();
    expect(nextInspectionOn(null, '2025-12-27')).toBe('2026-12-27');
    expect(nextInspectionOn('2026-01-05', '2025-12-27')).toBe('2027-01-05');
    expect(isInspectionDue('2026-12-27', '2026-11-27')).toBe(true);
    expect(isInspectionDue('2026-12-28', '2026-11-27')).toBe(false);
    expect(isInspectionDue('2026-01-01', '2026-11-27')).toBe(true);
    expect(isInspectionDue(null, '2026-11-27')).toBe(false);
  });

  it('serial numbers compare upper-case', () => {
    expect(normalizeSerialNumber('  ab-123 ')).toBe('AB-123');
  });
});
