import { toast } from '@/lib/toast/toast';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { showApiError } from '@/lib/errors/show-api-error';
import { applyServerErrors } from '@/lib/validation';

/**
 * After a save: a success toast, or the server's field errors on their fields plus the error
 * toast of spec section 8.
 */
export async function runSave<V extends FieldValues>(
  save: () => Promise<unknown>,
  options: { success: string; failure: string; fields: readonly Path<V>[]; setError: UseFormSetError<V> },
): Promise<boolean> {
  try {
    await save();
    toast.success(options.success);
    return true;
  } catch (error) {
    applyServerErrors(error, options.fields, options.setError, options.failure);
    showApiError(error, options.failure);
    return false;
  }
}
