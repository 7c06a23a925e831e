import { useEffect } from 'react';
import { reLaunch, SIM_LOGIN } from '../../lib/nav.ts';
import { isSimLoggedIn, useSession } from '../../lib/session.ts';

/** IoT pages need a SIM session: without one the app relaunches the SIM login page (spec §4). */
export function useRequireSim(): boolean {
  const loggedIn = useSession(isSimLoggedIn);
  useEffect(() => {
    if (!loggedIn) reLaunch(SIM_LOGIN).catch(() => undefined);
  }, [loggedIn]);
  return loggedIn;
}
