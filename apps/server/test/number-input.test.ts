import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '@app/contract';
import { adminForm, place, useTestApp, type Place } from './entity-fixtures.ts';
import { overHttp, type Post } from './http-fixtures.ts';
import { propertyForm } from './process-fixtures.ts';
import { watchWrites, type WriteWatch } from './write-watch.ts';

/**
 * Numbers sent as true, false, an array or an object, over real HTTP (decision 93): read as numbers,
 * true was 1 and [5] was 5, so a listing got a price of 1, a town moved to province 1, a bulk change
 * took the listings expiring within one day. Each kind of number field refuses them with its own
 * message (the one a word gets), writes nothing (write-watch.ts), and still takes a number and its text.
 */
const env = useTestApp();
let post: Post;
let where: Place;
let watch: WriteWatch;
let notificationId: number;
let sent = 0;

beforeAll(async () => {
  post = await overHttp(env.t);
  where = await place(env.t, 'Number input');
  const [row] = await env.t.db
    .insertInto('notifications')
    .values({
      user_id: env.admin.userId,
      notification_type: NOTIFICATION_TYPES.propertyEnquiry.type,
      notification_subject: 'Number input',
      notification_status: 'Active',
      entity: null,
      entity_id: null,
      created_by: null,
    })
    .returning('notification_id')
    .execute();
  notificationId = Number(row!.notification_id);
  watch = await watchWrites(env.t);
});
afterAll(() => watch?.close());

/** Each new record a valid request makes gets its own name and email. */
const fresh = () => `n${++sent}`;

/**
 * A number field of a call: the call, a valid request with `value` in the field, the field as the
 * answer's `errors` names it, its message, and two values it takes (a number and its text).
 */
interface NumberField {
  call: string;
  body: (value: unknown) => object;
  field: string;
  message: string;
  /** None for a call whose valid request needs a record of its own (a saved view). */
  takes?: () => [unknown, unknown];
}

const listing = (field: string, message: string, number = 5): NumberField => ({
  call: 'saveproperty',
  body: (value) => ({ ...propertyForm(where, `Listing ${fresh()}`), [field]: value }),
  field,
  message,
  takes: () => [number, String(number)],
});

const FIELDS: NumberField[] = [
  listing('sale_price', 'Enter a number'),
  listing('land_area', 'Enter a number'),
  listing('no_bedrooms', 'Choose 0-9 or 99'),
  listing('year', 'Choose 1800-2100', 2020),
  ...(
    [
      ['birth_day', 'Choose a day'],
      ['open_property_limit', 'Field is required'],
    ] as const
  ).map(([field, message]): NumberField => ({
    call: 'SaveUser',
    body: (value) => {
      const name = fresh();
      const form = {
        ...adminForm(where, 'Numa', 'Input', `${name}@example.ph`),
        birth_day: 5,
        birth_month: 5,
      };
      return { ...form, [field]: value };
    },
    field,
    message,
    takes: () => [5, '5'],
  })),
  {
    call: 'bulkPropertyStatus',
    body: (value) => ({ matching: { rental_expires_within: value }, status: 'Archived' }),
    field: 'matching.rental_expires_within',
    message: 'rental_expires_within must be a number of days',
    takes: () => [5, '5'],
  },
  {
    call: 'bulkPropertyStatus',
    body: (value) => ({ matching: { page: value }, status: 'Archived' }),
    field: 'matching.page',
    message: 'page must be a number',
    takes: () => [5, '5'],
  },
  {
    call: 'UpdateTown',
    body: (value) => ({ townId: where.town_id, provinceId: value }),
    field: 'provinceId',
    message: 'Choose one from the list',
    takes: () => [where.province_id, String(where.province_id)],
  },
  {
    call: 'setNotificationStatus',
    body: (value) => ({ Id: value, status: 'Active' }),
    field: 'Id',
    message: 'Id must be a number',
    takes: () => [notificationId, String(notificationId)],
  },
  {
    call: 'deleteView',
    body: (value) => ({ id: value }),
    field: 'id',
    message: 'id must be a number',
  },
];

const WRONG_TYPES: unknown[] = [true, false, [5], ['5'], {}, { id: 5 }];

describe('a number sent as true, false, an array or an object', () => {
  it.each(FIELDS.map((f) => [`${f.call} ${f.field}`, f] as const))(
    '%s: refused with the field’s message, nothing written',
    async (_, f) => {
      for (const value of WRONG_TYPES) {
        const what = `${f.call} with ${f.field} = ${JSON.stringify(value)}`;
        await watch.mark();
        const answer = await post(f.call, f.body(value), env.admin.token);
        expect([answer.status, answer.body], what).toEqual([
          400,
          { message: `${f.field}: ${f.message}`, errors: { [f.field]: f.message } },
        ]);
        expect(await watch.writes(), what).toEqual([]);
      }
    },
  );

  it.each(FIELDS.filter((f) => f.takes).map((f) => [`${f.call} ${f.field}`, f] as const))(
    '%s: a number and its text are still taken',
    async (_, f) => {
      for (const value of f.takes!()) {
        const answer = await post(f.call, f.body(value), env.admin.token);
        expect(answer.status, `${f.field} = ${JSON.stringify(value)}: ${answer.text}`).toBe(200);
      }
    },
  );
});
