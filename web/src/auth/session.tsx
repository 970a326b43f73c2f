import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { api, apiClient } from '../api/client-instance';
import type { Me } from '../api/records.api';

/**
 * The logged-in user. A 401 on any later call (the session expired or was ended elsewhere)
 * clears the user and remembers why, so the login screen can say "session expired".
 */
interface Session {
  me: Me | null | undefined; // undefined = still asking the server
  expired: boolean;
  setMe(m: Me | null): void;
  logout(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [me, setMeState] = useState<Me | null | undefined>(undefined);
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    api.me().then((r) => setMeState(r.body), () => setMeState(null));
  }, []);
  useEffect(() => {
    apiClient.onUnauthenticated = () => {
      setMeState((cur) => {
        if (cur) setExpired(true);
        return null;
      });
    };
    return () => { apiClient.onUnauthenticated = undefined; };
  }, []);
  const setMe = useCallback((m: Me | null) => { setExpired(false); setMeState(m); }, []);
  const logout = useCallback(async () => {
    await api.logout().catch(() => undefined);
    setExpired(false);
    setMeState(null);
  }, []);
  const value = useMemo(() => ({ me, expired, setMe, logout }), [me, expired, setMe, logout]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const v = useContext(SessionContext);
  if (!v) throw new Error('useSession outside SessionProvider');
  return v;
}
