import { formatDate } from '@portal/domain/rules';

/** A calendar day as the contract's mediumDate, or a dash when there is none. */
export const dayText = (value: string | null) => (value ? formatDate(value) : '—');
