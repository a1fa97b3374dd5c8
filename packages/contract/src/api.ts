import { roleApi } from './roles.ts';

/**
 * Every call of the API by its name on the wire: the server registers exactly these, and a test
 * (apps/server/test/answers.test.ts) holds it to that.
 */
export const api = {
  ...roleApi,
};
