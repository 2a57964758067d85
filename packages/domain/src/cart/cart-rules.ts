/** The zod-free rules of cart.ts (its API schemas stay there); exported through src/rules.ts. */
import type { DeclinableChargeKind } from './charge-kinds.js';
import type { ChargeChoices, ChargesInput } from './cart.js';

/** The dealer's choices a spec cart's `charges` carry: each charge's `declined` flag. */
export function chargeChoicesOf(charges: ChargesInput): ChargeChoices {
  const declined = (kind: DeclinableChargeKind) => charges[kind]?.declined === true;
  return {
    notice: declined('notice'),
    residential: declined('residential'),
    forklift: declined('forklift'),
    liftgate: declined('liftgate'),
  };
}
