import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import { visuallyHidden } from '@mui/utils';

type Listener = (message: string) => void;
const listeners = new Set<Listener>();

/**
 * Says `message` to screen readers through the page's polite live region (LiveAnnouncer, in the app shell): for an
 * update that is only seen otherwise (a note added, a status changed). Saying the same words twice says them again.
 */
export function announce(message: string): void {
  for (const listener of listeners) listener(message);
}

/** The page's one polite live region, visually hidden; announce() writes into it. */
export function LiveAnnouncer() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const listener: Listener = (next) => {
      // Emptied first, then filled a moment later: a region whose text does not change is not read again.
      setMessage('');
      clearTimeout(timer);
      timer = setTimeout(() => setMessage(next), 50);
    };
    listeners.add(listener);
    return () => {
      clearTimeout(timer);
      listeners.delete(listener);
    };
  }, []);
  return (
    <Box role="status" aria-live="polite" aria-atomic="true" sx={visuallyHidden} data-testid="live-announcer">
      {message}
    </Box>
  );
}
