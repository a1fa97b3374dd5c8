import { LIST_PREFERENCES_MAX, SAVED_VIEWS_MAX, savedViewApi } from '@app/contract';
import { defineCall, type AnyCall } from './registry.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { isUniqueViolation } from '../lib/references.ts';
import { inTransaction } from '../db/index.ts';
import {
  deleteViewOf,
  hiddenColumnsOf,
  insertView,
  listPreferenceCountOf,
  lockUserViews,
  saveHiddenColumns,
  updateViewOf,
  viewCountOf,
  viewNameTaken,
  viewsOf,
} from '../db/repositories/saved-views.ts';

const TAG = 'Saved views';

const isNameIndex = (error: unknown) => isUniqueViolation(error, 'saved_views_name');
const nameTaken = (name: string) => {
  const message = `You already have a view named “${name}” on this list`;
  return conflict(message, { name: message });
};

/**
 * Each signed-in user's own saved views and column choice per list: every call reads and changes only
 * the caller's rows (another user's view id answers 404). Not audited: a layout, not business data.
 */
export const savedViewCalls: AnyCall[] = [
  defineCall(savedViewApi.savedViews, {
    access: 'signed-in',
    tag: TAG,
    summary: 'Your saved views of a list {list_key}, by name, and the columns you hid on it',
    async handle({ db, input, user }) {
      const [views, hidden] = await Promise.all([
        viewsOf(db, user.user_id, input.list_key),
        hiddenColumnsOf(db, user.user_id, input.list_key),
      ]);
      return { views, hidden_columns: hidden };
    },
  }),

  defineCall(savedViewApi.saveView, {
    access: 'signed-in',
    tag: TAG,
    summary: `Save a view of a list {list_key, name, state}, or rename or overwrite yours {id, ...}; at most ${SAVED_VIEWS_MAX} views`,
    async handle({ db, input, user }) {
      const { id, list_key: listKey, name, state } = input;
      try {
        const view = await inTransaction(db, async (trx) => {
          await lockUserViews(trx, user.user_id);
          if (await viewNameTaken(trx, user.user_id, listKey, name, id)) throw nameTaken(name);
          if (id !== undefined) {
            const updated = await updateViewOf(trx, user.user_id, id, listKey, name, state);
            if (!updated) throw notFound('View');
            return updated;
          }
          if ((await viewCountOf(trx, user.user_id)) >= SAVED_VIEWS_MAX) {
            const message = `You keep ${SAVED_VIEWS_MAX} views, the most there may be: delete one first`;
            throw conflict(message, { name: message });
          }
          return insertView(trx, user.user_id, listKey, name, state);
        });
        return { message: id === undefined ? 'View saved' : 'View updated', view };
      } catch (error) {
        // The lock makes this rare; a save on another connection without it still answers 409.
        if (isNameIndex(error)) throw nameTaken(name);
        throw error;
      }
    },
  }),

  defineCall(savedViewApi.deleteView, {
    access: 'signed-in',
    tag: TAG,
    summary: 'Delete one of your saved views {id}',
    async handle({ db, input, user }) {
      if (!(await deleteViewOf(db, user.user_id, input.id))) throw notFound('View');
      return { message: 'View deleted' };
    },
  }),

  defineCall(savedViewApi.saveListColumns, {
    access: 'signed-in',
    tag: TAG,
    summary: 'Choose the columns you hide on a list {list_key, hidden_columns}',
    async handle({ db, input, user }) {
      await inTransaction(db, async (trx) => {
        await lockUserViews(trx, user.user_id);
        if ((await listPreferenceCountOf(trx, user.user_id, input.list_key)) >= LIST_PREFERENCES_MAX) {
          throw conflict(`You keep a column choice on ${LIST_PREFERENCES_MAX} lists, the most there may be`);
        }
        await saveHiddenColumns(trx, user.user_id, input.list_key, [...new Set(input.hidden_columns)]);
      });
      return { message: 'Columns saved' };
    },
  }),
];
