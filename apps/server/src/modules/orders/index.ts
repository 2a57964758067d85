/**
 * The entrance of modules/orders: everything other modules, app.ts, the command line, the seed and the
 * benchmarks may use of it. Nothing outside the module imports any other of its files (eslint.config.js;
 * docs/architecture.md).
 */
export { orderLinesForReorder } from './reorder-source.js';
export { orderRoutes } from './routes.js';
export { orderLines, orders, type shipmentLines, type shipmentPackages, type shipments } from './schema.js';
export * as ordersTables from './schema.js';
export {
  applyManufacturerOrderUpdate,
  enqueueInvoiceNotice,
  enqueueOrderConfirmation,
  enqueueShipmentNotice,
  findDocumentNumberByConfirmationNumber,
  insertOrderLines,
  insertPlacedOrder,
  openOrders,
  orderDetailForManufacturer,
  recentOrders,
  replaceShipment,
  searchOrderHistory,
} from './service.js';
export { visibleDocumentNumbers } from './service.js';
