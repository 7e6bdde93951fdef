import { useCallback, useEffect, useRef, useState } from 'react';
import { shouldOpenSetupGuide } from '@/lib/state/setup-guide-slice';
import { readSessionItem, SESSION_KEYS, writeSessionItem } from '@/lib/storage/session-storage';

interface SetupGuideOpenOptions {
  steps: Record<string, boolean>;
  /** True once the setup-guide call of this page load has answered. */
  fresh: boolean;
  /** The guide exists for this user (Admin or Manager). */
  enabled: boolean;
}

interface SetupGuideOpen {
  open: boolean;
  /** Opened from its menu entry (focus moves into it), not by itself on load (focus stays on the page). */
  openedByUser: boolean;
  /** The menu entry: opens the guide, or closes it when it is open. */
  toggle: () => void;
  close: () => void;
}

/**
 * When the Setup Guide is open (spec 2.3): by itself once per page load while a step is open, unless the seller
 * closed it earlier in this browser session; and whenever the seller asks for it.
 */
export function useSetupGuideOpen({ steps, fresh, enabled }: SetupGuideOpenOptions): SetupGuideOpen {
  const [state, setState] = useState({ open: false, openedByUser: false });
  const autoOpened = useRef(false);

  useEffect(() => {
    if (!fresh || autoOpened.current || !enabled) return;
    autoOpened.current = true;
    if (shouldOpenSetupGuide(steps) && readSessionItem(SESSION_KEYS.setupGuideClosed) === null) {
      setState({ open: true, openedByUser: false });
    }
  }, [fresh, steps, enabled]);

  const close = useCallback(() => {
    writeSessionItem(SESSION_KEYS.setupGuideClosed, '1');
    setState((current) => (current.open ? { ...current, open: false } : current));
  }, []);

  const openByUser = useCallback(() => setState({ open: true, openedByUser: true }), []);

  return { open: state.open, openedByUser: state.openedByUser, toggle: state.open ? close : openByUser, close };
}
