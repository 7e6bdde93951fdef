import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { apiErrorMessage, apiFieldErrors } from '@/lib/errors/api-error';

/**
 * Puts a failed response's `errors` (field -> message) on the form's fields. Keys may be plain
 * ('companyName') or paths ('options.name', '/options/name'): the last segment is matched.
 * Returns the message for everything that did not land on a field (a form-level alert), or null
 * when every error was shown beside its field. The first matched field receives focus.
 */
export function applyServerErrors<V extends FieldValues>(
  error: unknown,
  fields: readonly Path<V>[],
  setError: UseFormSetError<V>,
  fallbackMessage: string,
): string | null {
  const errors = apiFieldErrors(error);
  const unmatched: string[] = [];
  let matched = 0;
  for (const [key, message] of Object.entries(errors)) {
    const field = matchField(key, fields);
    if (field) {
      setError(field, { type: 'server', message }, { shouldFocus: matched === 0 });
      matched += 1;
    } else {
      unmatched.push(message);
    }
  }
  if (unmatched.length > 0) return unmatched.join(', ');
  if (matched > 0) return null;
  return apiErrorMessage(error, fallbackMessage);
}

function matchField<F extends string>(key: string, fields: readonly F[]): F | undefined {
  if ((fields as readonly string[]).includes(key)) return key as F;
  const last = key.split(/[./]/).filter(Boolean).pop();
  return last && (fields as readonly string[]).includes(last) ? (last as F) : undefined;
}
