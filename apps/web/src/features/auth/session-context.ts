import { createContext, useContext } from 'react';

export interface SessionActions {
  /** Full logout (spec 4.3): tell the other sessions, clear local storage, end the SSO session. */
  logout(): Promise<void>;
}

export const SessionContext = createContext<SessionActions | null>(null);

export function useSession(): SessionActions {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
