import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@app/contract';
import { AGENCY } from '../src/calls/organisation-definitions.ts';
import {
  agencyPayload,
  savedIdOf,
  place,
  sellerIdOf,
  sellerPayload,
  setAgency,
  useTestApp,
  type Place,
} from './entity-fixtures.ts';
import { expectRefusal, overHttp, type Post } from './http-fixtures.ts';
import { watchWrites, type WriteWatch } from './write-watch.ts';

/**
 * Bad input to the seller saves, over real HTTP: wrong types, huge strings, missing, unknown and
 * other agencies' ids, arrays and scalars where an object or an id goes. Each is refused in a plain
 * sentence (400, or 404 for a seller the caller cannot see, as for one that is not there), none with
 * a 5xx, and nothing is written (write-watch.ts sees every commit).
 */
const env = useTestApp();
let post: Post;
let where: Place;
let watch: WriteWatch;
let agent: { userId: number; token: string };
let ours: number;
let theirs: number;
let agencyA: number;

beforeAll(async () => {
  post = await overHttp(env.t);
  where = await place(env.t, 'Bad seller input');
  agencyA = await savedIdOf(env, AGENCY, agencyPayload, where, 'Input A Realty');
  const agencyB = await savedIdOf(env, AGENCY, agencyPayload, where, 'Input B Realty');
  agent = await env.t.signedIn(ROLE.Agent);
  await setAgency(env, agent.userId, agencyA);
  // The first seller has id 1, which `true` would name if it were read as a number.
  for (const [name, agencyId] of [
    ['Input Ours', agencyA],
    ['Input Theirs', agencyB],
  ] as const)
    expect((await env.post('saveSeller', sellerPayload(where, name, agencyId))).statusCode).toBe(200);
  ours = await sellerIdOf(env.t, 'Input Ours');
  theirs = await sellerIdOf(env.t, 'Input Theirs');
  watch = await watchWrites(env.t);
});
afterAll(() => watch?.close());

const huge = 'x'.repeat(100_000);

/** Changes of a valid form, each refused: the field, the bad value, what the answer says there. */
const BAD_FIELDS: [string, unknown, string][] = [
  ['seller_name', 12345, 'Must be text'],
  ['seller_name', ['Ana'], 'Must be text'],
  ['seller_name', { first: 'Ana' }, 'Must be text'],
  ['seller_name', huge, 'At most 200 characters'],
  ['property_owner_name', huge, 'At most 200 characters'],
  ['notes_about_seller', 'n'.repeat(2001), 'At most 2000 characters'],
  ['notes_about_seller', { note: 1 }, 'Must be text'],
  ['email_address', `${huge}@example.ph`, 'Please provide a valid email'],
  ['phone_1', huge, 'Provide valid Mobile number'],
  ['phone_1', ['09170000001'], 'Provide valid Mobile number'],
  ['phone_2', true, 'Provide valid Mobile number'],
  ['house_no', huge, 'At most 100 characters'],
  ['zipcode', { zip: '1209' }, 'Zip Code must be digits, at most 6'],
  ['province_id', 'abc', 'Choose one from the list'],
  ['province_id', '', 'Field is required'],
  ['province_id', null, 'Field is required'],
  ['province_id', 999_999, 'Unknown province'],
  ['province_id', 2_147_483_648, 'Too large'],
  ['town_id', 999_999, 'Unknown town'],
  ['subdivision_id', 999_999, 'Unknown subdivision'],
  ['agency_id', 999_999, 'Unknown agency'],
  ['agency_id', -4, 'Must be a positive number'],
  ['agency_id', 1.5, 'Must be a whole number'],
  ['agency_id', true, 'Must be a number'],
  ['agency_id', [2], 'Must be a number'],
  ['province_id', [1], 'Choose one from the list'],
];

/** Sends each body; each must be refused with one of `statuses`, plainly, and write nothing. */
async function expectRefused(call: string, cases: [string, unknown][], statuses: number[], token: string) {
  const answers = [];
  for (const [what, body] of cases) {
    await watch.mark();
    const answer = await post(call, body, token);
    expectRefusal(answer, statuses, `${call} with ${what}`);
    expect(await watch.writes(), `${call} with ${what}`).toEqual([]);
    answers.push(answer);
  }
  return answers;
}

describe('bad input to the seller saves', () => {
  const form = (name: string) => sellerPayload(where, name, agencyA);

  it('refuses each bad field on its field, on save and on update', async () => {
    for (const [call, extra] of [
      ['saveSeller', {}],
      ['updateSeller', { seller_id: ours }],
    ] as const) {
      const valid = { ...form('Input Ours'), ...extra };
      const cases = BAD_FIELDS.map(([field, value]): [string, unknown] => [
        `${field} = ${JSON.stringify(value).slice(0, 30)}`,
        { ...valid, [field]: value },
      ]);
      const answers = await expectRefused(call, cases, [400], env.admin.token);
      expect(answers.map((a, i) => [BAD_FIELDS[i]![0], a.body.errors?.[BAD_FIELDS[i]![0]]])).toEqual(
        BAD_FIELDS.map(([field, , message]) => [field, message]),
      );
    }
  });

  it('refuses a seller id that is missing, not a number, or of a wrong type', async () => {
    const valid = form('Input Ours');
    const ids: [string, unknown][] = [
      ['no seller_id', undefined],
      ['an empty seller_id', ''],
      ['a word', 'abc'],
      ['true', true],
      ['false', false],
      ['an array of the id', [ours]],
      ['an array of ids', [ours, theirs]],
      ['an object', { seller_id: ours }],
      ['a fraction', 1.5],
      ['a negative id', -ours],
      ['a too large id', 2_147_483_648],
    ];
    const answers = await expectRefused(
      'updateSeller',
      ids.map(([what, id]): [string, unknown] => [what, { ...valid, seller_id: id }]),
      [400],
      env.admin.token,
    );
    for (const a of answers) expect(Object.keys(a.body.errors ?? {}), a.text).toEqual(['seller_id']);
  });

  it('answers a seller not there, or of another agency for an Agent, 404 whatever else was sent', async () => {
    await expectRefused(
      'updateSeller',
      [
        ['an unknown seller', { ...form('Ghost'), seller_id: 999_999 }],
        ['another agency’s seller, for an Agent', { ...form('Stolen'), seller_id: theirs }],
        [
          'another agency’s seller with a bad town',
          { ...form('Stolen'), seller_id: theirs, town_id: 999_999 },
        ],
      ],
      [404],
      agent.token,
    );
    expect(
      (await post('updateSeller', { ...form('Ghost'), seller_id: 999_999 }, env.admin.token)).status,
    ).toBe(404);
  });

  it('refuses a body that is not one object', async () => {
    const valid = { ...form('Input Ours'), seller_id: ours };
    for (const call of ['saveSeller', 'updateSeller'])
      await expectRefused(
        call,
        [
          ['an empty array', '[]'],
          ['the form in an array', JSON.stringify([valid])],
          ['a string', '"Input Ours"'],
          ['a number', '42'],
          ['null', 'null'],
          ['broken JSON', '{"seller_name": "Ana"'],
          ['a deep nest', `${'['.repeat(5000)}${']'.repeat(5000)}`],
        ],
        [400],
        env.admin.token,
      );
  });
});
