import { useEffect } from 'react';
import { guardedReload } from './reload-guard';

export const VERSION_POLL_INTERVAL_MS = 60_000;

/** The build id deployed now, or null when it cannot be read. */
async function fetchDeployedBuildId(): Promise<string | null> {
  const response = await fetch('/version.json', { cache: 'no-store' });
  if (!response.ok) return null;
  const body: unknown = await response.json();
  if (body && typeof body === 'object' && 'buildId' in body && typeof body.buildId === 'string') {
    return body.buildId;
  }
  return null;
}

/**
 * Polls `/version.json` every minute and when the window regains focus; a different build id
 * reloads the page (at most once per path within 10 s). Off in development.
 */
export function useVersionCheck() {
  useEffect(() => {
    if (__BUILD_ID__ === 'dev') return;
    let checking = false;
    const check = async () => {
      if (checking) return;
      checking = true;
      try {
        const deployed = await fetchDeployedBuildId();
        if (deployed && deployed !== __BUILD_ID__) guardedReload('new version');
      } catch {
        // Offline or server restarting: try again at the next tick.
      } finally {
        checking = false;
      }
    };
    const interval = window.setInterval(check, VERSION_POLL_INTERVAL_MS);
    window.addEventListener('focus', check);
    return () => {
      window.clearInterval(interval);
      window.removeEventListener('focus', check);
    };
  }, []);
}
