/**
 * Installed equipment of the seeded history (issue 37). Every size: each unit of a serialized
 * product (anything but an accessory) on a shipped shipment line becomes a unit of the order's
 * organization and branch, with a serial `S{document number}-{line}-{n}`, in the manufacturer's
 * register too; about two in three shipped more than three weeks ago are installed (ten days after
 * shipping) at an end customer's garage, and about half of those inspected since. The demo set also
 * gets a few named units, two serials in the register waiting for 'Register Equipment' and one
 * claim with a photo, so the screens show something on a fresh start (demo-data.md "Equipment").
 * Everything is derived from the stored orders and hashes of their numbers: deterministic.
 */
import { deflateSync, crc32 } from 'node:zlib';
import {
  firstSkuOfKinds,
  insertDemoClaim,
  insertDemoUnit,
  insertRegisterEntry,
  insertUnitsFromShipments,
} from '../modules/equipment/index.js';
import type { Executor } from './bulk-insert.js';

const GARAGES = ['Mile High Auto Care', 'Front Range Tire & Lube', 'Canyon Collision', 'Valley Fleet Service', 'Harbor Transmission'];
const STREETS = ['4200 E Colfax Ave', '1550 Wynkoop St', '860 N Main St', '3100 Industrial Blvd', '77 Harbor Rd'];

/** Units from the shipped lines of serialized products, and the same serials in the register. */
export async function seedShippedEquipment(tx: Executor, now: Date): Promise<number> {
  return insertUnitsFromShipments(tx, now.toISOString().slice(0, 10), GARAGES, STREETS);
}

const day = (now: Date, offsetDays: number) => new Date(now.getTime() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A small PNG (a grey square) for the demo claim's photo. */
function demoPhoto(): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(64, 0);
  header.writeUInt32BE(48, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(64 * 3, 0x99)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: 48 }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The demo's named units (demo-data.md "Equipment"): of organization 1, SUM-2P-0001 (branch 101,
 * installed 13 months ago and never inspected: overdue; with a claim In Review and its photo),
 * SUM-4P-0002 (branch 101, shipped a month ago, not installed, under warranty) and SUM-SC-0003
 * (branch 102); of organization 2, VGE-TC-0001 (branch 201). In the register only: SUM-REG-0004
 * (sold to organization 1) and VGE-REG-0002 (sold to organization 2), for 'Register Equipment'.
 */
export async function seedDemoEquipment(tx: Executor, now: Date): Promise<void> {
  const skuOf = await firstSkuOfKinds(tx, ['two-post-lift', 'four-post-lift', 'scissor-lift', 'tire-changer', 'accessory']);
  const units = [
    ['SUM-2P-0001', 'two-post-lift', 1, 101, day(now, -400), day(now, -395), 'Mile High Auto Care', '4200 E Colfax Ave, Denver, CO 80220'],
    ['SUM-4P-0002', 'four-post-lift', 1, 101, day(now, -30), null, '', ''],
    ['SUM-SC-0003', 'scissor-lift', 1, 102, day(now, -200), day(now, -190), 'Snake River Tire', '1200 W Main St, Boise, ID 83702'],
    ['VGE-TC-0001', 'tire-changer', 2, 201, day(now, -120), day(now, -110), 'Fresno Fleet Works', '3300 E Belmont Ave, Fresno, CA 93702'],
  ] as const;
  for (const [serialNumber, kind, organizationId, branchNumber, shippedDate, installedOn, locationName, locationAddress] of units)
    await insertDemoUnit(tx, {
      serialNumber,
      sku: skuOf.get(kind)!,
      organizationId,
      branchNumber,
      shippedDate,
      installedOn,
      locationName,
      locationAddress,
    });
  await insertRegisterEntry(tx, {
    serialNumber: 'SUM-REG-0004',
    sku: skuOf.get('two-post-lift')!,
    organizationId: 1,
    shippedDate: day(now, -700),
  });
  await insertRegisterEntry(tx, {
    serialNumber: 'VGE-REG-0002',
    sku: skuOf.get('four-post-lift')!,
    organizationId: 2,
    shippedDate: day(now, -500),
  });
  await insertDemoClaim(tx, {
    serialNumber: 'SUM-2P-0001',
    authorEmail: 'admin@summitlift.example.com',
    problemDescription: 'The left arm restraint does not lock; the gear is worn.',
    partSku: skuOf.get('accessory')!,
    photo: { fileName: 'arm-restraint.png', contentType: 'image/png', data: demoPhoto() },
    history: [
      { status: 'Submitted', message: '', changedAt: new Date(now.getTime() - 3 * 86_400_000) },
      { status: 'In Review', message: 'We are reviewing the photos.', changedAt: new Date(now.getTime() - 86_400_000) },
    ],
  });
}
