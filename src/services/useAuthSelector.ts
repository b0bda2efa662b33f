import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { authMachine } from '../../machines/authMachine';
import { useHydrated } from '../ui/useHydrated';
import { useServices } from './context';

type AuthSnapshot = SnapshotFrom<typeof authMachine>;

/** The session as a server-rendered page shows it: not known yet (the server never sees one). */
const NOT_KNOWN_YET = { value: 'loading', context: { session: null, isAdmin: false, adminChecked: false } } as unknown as AuthSnapshot;

/**
 * Reads the app's session. While a server-rendered page hydrates it answers as the server did
 * (session still loading), so the HTML matches; from the next render on, the browser's session.
 */
export function useAuthSelector<T>(selector: (snapshot: AuthSnapshot) => T): T {
  const { auth } = useServices();
  const hydrated = useHydrated();
  const value = useSelector(auth, selector);
  return hydrated ? value : selector(NOT_KNOWN_YET);
}
