/**
 * The entrance of modules/equipment: everything other modules, app.ts, the command line, the seed and the
 * benchmarks may use of it. Nothing outside the module imports any other of its files (eslint.config.js;
 * docs/architecture.md).
 */
export { equipmentRoutes } from './routes.js';
export { sendMonthlyInspectionReminders } from './reminders.js';
export { firstSkuOfKinds, insertDemoClaim, insertDemoUnit, insertRegisterEntry, insertUnitsFromShipments } from './demo-repository.js';
export { serialRowsOf } from './serial-file.js';
export { equipment, equipmentInspections, serialRegister, warrantyClaims } from './schema.js';
export { importSerials, listEquipment, recordShippedSerials, type ShippedSerials } from './service.js';
