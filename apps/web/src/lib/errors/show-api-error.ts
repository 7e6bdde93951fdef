import { toast } from '@/lib/toast/toast';
import { apiErrorMessage } from './api-error';

/** Spec section 8: a toast with the joined field errors, else the status text, else the fallback. */
export function showApiError(error: unknown, fallbackMessage: string): void {
  toast.error(apiErrorMessage(error, fallbackMessage));
}
