import { useSyncExternalStore } from 'react';
import { notify } from './notify.ts';

/** What the offline banner and an action refused offline say. */
export const OFFLINE_TEXT = {
  banner: 'You are offline. Changes cannot be saved until the connection returns.',
  action: 'You are offline. This cannot be done until the connection returns.',
} as const;

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** Whether the browser has a connection, following its 'online' and 'offline' events. */
export const useOnline = () => useSyncExternalStore(subscribe, () => navigator.onLine);

/** An action that needs the connection: offline, it says why instead of silently doing nothing. */
export const whenOnline = (action: () => void) => () => {
  if (navigator.onLine) action();
  else notify.error(OFFLINE_TEXT.action);
};
