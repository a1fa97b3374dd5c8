/** Local (non-secret) session data. The real credential is the server's httpOnly cookie. */
const SIGNED_IN_KEY = 'pp.signedIn';

export function markSignedIn(): void {
  localStorage.setItem(SIGNED_IN_KEY, '1');
}

export function wasSignedIn(): boolean {
  return localStorage.getItem(SIGNED_IN_KEY) === '1';
}

/** Removes every stored session item (theme choice is a preference, not session data, and stays). */
export function clearLocalSession(): void {
  localStorage.removeItem(SIGNED_IN_KEY);
  sessionStorage.clear();
}
