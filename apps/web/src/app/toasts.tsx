import { lazy, Suspense, useState } from 'react';
import { TOAST_AUTO_CLOSE_MS } from '@shipdesk/contract';
import { useWhenIdle } from '@/lib/lazy/lazy-load';
import { loadToastify } from '@/lib/toast/toast';

// The toasts' container draws nothing until there is a toast: it is added at the first idle moment after the page's
// data has come (a toast sent before waits in react-toastify's queue until it mounts).
const ToastContainer = lazy(() => loadToastify().then((module) => ({ default: module.ToastContainer })));

/** Where toasts appear; nothing in the page's HTML (the build's render has it too, so both trees have the same shape). */
export function Toasts() {
  const [ready, setReady] = useState(false);
  useWhenIdle(() => setReady(true));
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} theme="light" draggable />
    </Suspense>
  );
}
