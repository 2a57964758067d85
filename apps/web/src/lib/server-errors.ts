import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ApiError } from '@/lib/api-client';
import { notify } from '@/lib/notify';

const SERVER_FAILURE = 'The server encountered an error. Please try again later.';

export type ServerErrorTargets<T extends FieldValues> = {
  /** The form field of each server field name (its first segment: `items.0.sku` is `items`). */
  fields: Partial<Record<string, Path<T>>>;
  /**
   * Where a message for no field of this form goes. Without one it becomes an error toast (a
   * refused permission, a server failure); a form step with a single purpose names its field.
   */
  fallbackField?: Path<T>;
};

/**
 * Spec 8: a server message goes under the field it names and focus moves to the first such field;
 * a message for no field of the form goes to the fallback field, or else to an error toast.
 */
export function showServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown, targets: ServerErrorTargets<T>) {
  const messages =
    error instanceof ApiError && error.body.messages.length > 0 ? error.body.messages : [{ field: '', message: SERVER_FAILURE }];
  let focused = false;
  for (const m of messages) {
    const field = targets.fields[m.field.split('.')[0] ?? ''] ?? targets.fallbackField;
    if (field) {
      form.setError(field, { type: 'server', message: m.message }, { shouldFocus: !focused });
      focused = true;
    } else {
      notify.error(m.message);
    }
  }
}
