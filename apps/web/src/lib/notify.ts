/**
 * The one app-wide alert channel. Anything (hooks, the api client) can post a message; the single
 * <AlertHost> in the app providers shows it. Kept outside React so the api client can use it.
 */
export type AlertSeverity = 'success' | 'error' | 'info' | 'warning';
export interface AlertMessage {
  id: number;
  severity: AlertSeverity;
  text: string;
}

type Listener = (m: AlertMessage) => void;
const listeners = new Set<Listener>();
let nextId = 1;

export function subscribeAlerts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function post(severity: AlertSeverity, text: string) {
  const message = { id: nextId++, severity, text };
  listeners.forEach((l) => l(message));
}

export const notify = {
  success: (text: string) => post('success', text),
  error: (text: string) => post('error', text),
  info: (text: string) => post('info', text),
  warning: (text: string) => post('warning', text),
};
