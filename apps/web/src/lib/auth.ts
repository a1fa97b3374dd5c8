import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { callRef, type AnswerOf, type authApi, type RequestOf } from '@app/contract';
import { ApiError, apiGet, apiPost, showServerMessage } from './api.ts';
import { notify } from './notify.ts';
import { clearLocalSession, markSignedIn } from './session.ts';

// The sign-in page loads this module: the calls by name, typed by their declarations (decision 19).
type Auth = typeof authApi;
export const SESSION_CALL = callRef<Auth['webGetLoggedUserDetailsWithRolesPermission']>(
  'webGetLoggedUserDetailsWithRolesPermission',
  'GET',
);
const LOGIN_CALL = callRef<Auth['webValidateLogin']>('webValidateLogin', 'POST');
const LOGOUT_CALL = callRef<Auth['webLogout']>('webLogout', 'POST');

/** The signed-in user with roles and permissions, or null when the server says 401. */
export type Session = AnswerOf<Auth['webGetLoggedUserDetailsWithRolesPermission']> | null;

export const sessionQuery = queryOptions({
  queryKey: [SESSION_CALL.name],
  queryFn: async ({ signal }): Promise<Session> => {
    try {
      return await apiGet(SESSION_CALL, undefined, {
        allowUnauthorized: true,
        offlineCheck: true,
        signal,
      });
    } catch (e) {
      if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
        clearLocalSession();
        return null;
      }
      throw e;
    }
  },
  staleTime: 5 * 60_000,
  retry: false,
  refetchOnWindowFocus: false,
});

export function useSession(enabled = true) {
  return useQuery({ ...sessionQuery, enabled });
}

/** Signs in; resolves true when the server accepted the credentials (it sets the cookie). */
export async function login(body: RequestOf<Auth['webValidateLogin']>): Promise<boolean> {
  const answer = await apiPost(LOGIN_CALL, body, { offlineCheck: true });
  if (answer.result !== 'success') {
    notify.error(answer.message);
    return false;
  }
  markSignedIn();
  return true;
}

export function useLogout() {
  const queryClient = useQueryClient();
  return async (): Promise<boolean> => {
    try {
      const answer = await apiPost(LOGOUT_CALL, {}, { offlineCheck: true });
      showServerMessage(answer);
    } catch (e) {
      // Offline: the cookie still exists, so stay signed in (the alert has been shown).
      if (e instanceof ApiError && e.status === 0) return false;
    }
    clearLocalSession();
    queryClient.setQueryData(sessionQuery.queryKey, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== SESSION_CALL.name });
    return true;
  };
}
