import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';

const FALLBACK = 'The server encountered an error. Please try again later.';

/**
 * Spec 8: each server message goes under the field it names, else under the step's default field,
 * and focus moves to the first one.
 */
export function showServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, fields: Path<T>[], fallbackField: Path<T>) {
  const messages = error instanceof ApiError && error.body.messages.length > 0 ? error.body.messages : [{ field: '', message: FALLBACK }];
  messages.forEach((m, i) => {
    const field = fields.includes(m.field as Path<T>) ? (m.field as Path<T>) : fallbackField;
    form.setError(field, { type: 'server', message: m.message }, { shouldFocus: i === 0 });
  });
}
