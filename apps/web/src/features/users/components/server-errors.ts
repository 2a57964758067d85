import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/**
 * Spec 8: a server message goes under the field it names and focus moves there; a message for no
 * field of this form (a refused permission, a server failure) becomes an error toast.
 */
export function showServerErrors<T extends FieldValues>(
  form: UseFormReturn<T>,
  error: unknown,
  fieldMap: Partial<Record<string, Path<T>>>,
) {
  const messages =
    error instanceof ApiError && error.body.messages.length > 0
      ? error.body.messages
      : [{ field: '', message: 'The server encountered an error. Please try again later.' }];
  let focused = false;
  for (const m of messages) {
    const field = fieldMap[m.field.split('.')[0] ?? ''];
    if (field) {
      form.setError(field, { type: 'server', message: m.message }, { shouldFocus: !focused });
      focused = true;
    } else {
      notify.error(m.message);
    }
  }
}
