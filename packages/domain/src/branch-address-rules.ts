/** The zod-free rules of branch-address.ts (its API schemas stay there); exported through src/rules.ts. */
import type { BranchShipTo } from './branch-address.js';

/** One line, as demo-data.md writes it: '1600 Broadway, Denver, CO 80202'. */
export function formatBranchShipTo(address: BranchShipTo): string {
  return [address.street1, address.street2, address.city, `${address.state} ${address.postalCode}`]
    .filter((part) => part.trim())
    .join(', ');
}
