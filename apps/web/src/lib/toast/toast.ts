import type * as ReactToastify from 'react-toastify';
import type { ToastContent, ToastOptions } from 'react-toastify';
import { loadOnce } from '@/lib/lazy/lazy-load';

type Toastify = typeof ReactToastify;
type Kind = 'success' | 'error' | 'info';

/** react-toastify's code, fetched with the first toast or when the toasts' container mounts, never before the first paint. */
export const loadToastify = loadOnce((): Promise<Toastify> => import('react-toastify'));

function show(kind: Kind) {
  return (content: ToastContent, options?: ToastOptions): void => {
    loadToastify()
      .then((toastify) => toastify.toast[kind](content, options))
      .catch((error: unknown) => {
        // The message cannot be drawn; keep it where a support session can still read it.
        console.error(`Toast not shown (${kind}):`, content, error);
      });
  };
}

/**
 * The app's toasts: react-toastify's `toast.success`, `error` and `info`, loaded on first use so that its code is not
 * part of the first screen. Toasts keep their order; react-toastify keeps those sent before its container mounts.
 */
export const toast = { success: show('success'), error: show('error'), info: show('info') };
