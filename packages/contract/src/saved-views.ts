import { z } from 'zod';
import { messageAnswer, timestamp } from './answers.ts';
import { declareCalls } from './calls.ts';
import { coercedNumber, MAX_ID, requiredText, storable } from './common.ts';
import { SEARCH_TEXT_MAX } from './constants.ts';

/** A view's name: at most this many characters. */
export const VIEW_NAME_MAX = 60;
/** How many saved views one user may keep, over all lists. */
export const SAVED_VIEWS_MAX = 200;
/** How many lists one user may keep a column choice for (there are far fewer lists). */
export const LIST_PREFERENCES_MAX = 200;
const FIELD_MAX = 100;
const COLUMNS_MAX = 60;
const FILTERS_MAX = 30;

/**
 * Which list a view belongs to: the list call's name, and the table's URL prefix when a screen has
 * more than one table (`getUser`, `GetDistrictReport`, `getUser:agents.`).
 */
export const listKey = z
  .string({ error: 'list_key is required' })
  .regex(/^[A-Za-z][A-Za-z0-9_.:-]{0,99}$/, "list_key must be a list's name");

const field = storable(
  z
    .string({ error: 'A column must be a name' })
    .min(1, 'A column must be a name')
    .max(FIELD_MAX, `A column name: at most ${FIELD_MAX} characters`),
);

/** What a view holds: the table's search, sort, page size, visible columns and the list's extra filters. */
export const viewState = z.strictObject(
  {
    search: storable(
      z
        .string({ error: 'search must be text' })
        .max(SEARCH_TEXT_MAX, `search: at most ${SEARCH_TEXT_MAX} characters`),
    ),
    sort: field,
    order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }),
    page_size: z
      .number({ error: 'page_size must be a number' })
      .int('page_size must be a whole number')
      .min(1, 'page_size must be at least 1')
      .max(1000, 'page_size must be at most 1000'),
    columns: z
      .array(field, { error: 'columns must be a list of column names' })
      .min(1, 'At least one column must stay visible')
      .max(COLUMNS_MAX, `At most ${COLUMNS_MAX} columns`),
    filters: z
      .record(
        field,
        storable(
          z
            .string({ error: 'A filter value must be text' })
            .max(200, 'A filter value: at most 200 characters'),
        ),
        {
          error: 'filters must map names to text',
        },
      )
      .refine((f) => Object.keys(f).length <= FILTERS_MAX, `At most ${FILTERS_MAX} filters`),
  },
  { error: 'state must hold search, sort, order, page_size, columns and filters' },
);
export type ViewState = z.output<typeof viewState>;

const viewId = coercedNumber('id must be a number', (n) =>
  n.int('id must be a number').positive('id must be a number').max(MAX_ID, 'id is too large'),
);

export const savedView = z.object({
  id: z.number().int(),
  name: z.string(),
  state: viewState,
  updated_at: timestamp,
});
export type SavedView = z.output<typeof savedView>;

export const savedViewsRequest = z.looseObject({ list_key: listKey });
/** The caller's views of a list, by name, and the columns the caller hid on it (none when never chosen). */
export const savedViewsAnswer = z.object({
  views: z.array(savedView),
  hidden_columns: z.array(z.string()),
});

/** Saves a new view (no id), or renames or overwrites one of the caller's views (id). */
export const saveViewRequest = z.looseObject({
  id: viewId.optional(),
  list_key: listKey,
  name: requiredText(VIEW_NAME_MAX),
  state: viewState,
});
export const saveViewAnswer = messageAnswer.extend({ view: savedView });

export const deleteViewRequest = z.looseObject({ id: viewId });

export const saveListColumnsRequest = z.looseObject({
  list_key: listKey,
  hidden_columns: z
    .array(field, { error: 'hidden_columns must be a list of column names' })
    .max(COLUMNS_MAX, `At most ${COLUMNS_MAX} columns`),
});

/** Each signed-in user's own saved views and column choice per list (docs/decisions/0046-saved-views.md). */
export const savedViewApi = declareCalls({
  savedViews: { method: 'GET', input: savedViewsRequest, response: savedViewsAnswer },
  saveView: { method: 'POST', input: saveViewRequest, response: saveViewAnswer },
  deleteView: { method: 'POST', input: deleteViewRequest, response: messageAnswer },
  saveListColumns: { method: 'POST', input: saveListColumnsRequest, response: messageAnswer },
});
