import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  MASTERS,
  MESSAGES,
  MASTER_LIST,
  ROLE,
  geographyLookupAnswers,
  masterLookupAnswer,
  masterPageAnswer,
  messageAnswer,
  provinceExistAnswer,
  type MasterDefinition,
} from '@app/contract';
import { createTestApp, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.signedIn(ROLE.SuperAdmin)).token;
});
afterAll(() => t.close());

const get = (url: string, token = admin) => t.call(token, { method: 'GET', url });
const post = (call: string, payload: object, token = admin) =>
  t.call(token, { method: 'POST', url: `/api/${call}`, payload });
type Row = Record<string, string | number | null>;

/** The declared answer with no field to spare, at every level (issue 19). */
function strictly(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodType>).map(([k, v]) => [k, strictly(v)]),
    );
    return z.strictObject(shape);
  }
  if (schema instanceof z.ZodArray) return z.array(strictly(schema.element as z.ZodType));
  if (schema instanceof z.ZodOptional) return strictly(schema.unwrap() as z.ZodType).optional();
  return schema;
}
/** Asserts that a real answer is exactly what the call declares, and returns it. */
const declared = (schema: z.ZodType, res: Awaited<ReturnType<typeof get>>) => {
  expect(res.statusCode, res.body).toBe(200);
  const parsed = strictly(schema).safeParse(res.json());
  expect(parsed.error, res.body).toBeUndefined();
  return res.json();
};

const rows = async (def: MasterDefinition, query = 'itemsPerPage=50') => {
  const res = await get(`/api/${def.calls.list}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  declared(masterPageAnswer(def), res);
  return res.json().resultData as { data: Row[]; total: number };
};
const findByName = async (def: MasterDefinition, name: string) =>
  (await rows(def, `itemsPerPage=50&searchText=${encodeURIComponent(name)}`)).data.find(
    (r) => r[def.nameColumn] === name,
  );

/** A province → town → barangay chain to hang geographic records on. */
async function chain(suffix: string) {
  await post('SaveProvince', { provinceName: `Province ${suffix}` });
  const province = (await findByName(MASTERS.province, `Province ${suffix}`))!;
  await post('SaveTown', {
    townName: `Town ${suffix}`,
    isTownCity: 'Town',
    provinceId: province.province_id,
  });
  const town = (await findByName(MASTERS.town, `Town ${suffix}`))!;
  await post('SaveBarangay', {
    barangay_name: `Barangay ${suffix}`,
    town_id: town.town_id,
    province_id: province.province_id,
    zip_code: '6000',
  });
  const barangay = (await findByName(MASTERS.barangay, `Barangay ${suffix}`))!;
  return { province, town, barangay };
}

/** Valid save parameters for any master, with the given name. */
async function savePayload(def: MasterDefinition, name: string): Promise<Record<string, unknown>> {
  const needsChain = def.fields.some((f) => ['province', 'town', 'barangay'].includes(f.input));
  const c = needsChain ? await chain(`for ${name}`) : undefined;
  const payload: Record<string, unknown> = {};
  for (const f of def.fields) {
    if (f.input === 'text') payload[f.param] = name;
    if (f.input === 'choice') payload[f.param] = f.choices![0];
    if (f.input === 'zip') payload[f.param] = '1200';
    if (f.input === 'province') payload[f.param] = c!.province.province_id;
    if (f.input === 'town') payload[f.param] = c!.town.town_id;
    if (f.input === 'barangay') payload[f.param] = c!.barangay.barangay_id;
  }
  return payload;
}

describe.each(MASTER_LIST.map((def) => ({ def, entity: def.entity })))('$entity master', ({ def }) => {
  it('adds, lists, searches, renames, switches status with every legacy spelling, exports and deletes', async () => {
    const name = `Test ${def.entity} One`;
    const payload = await savePayload(def, name);
    const saved = await post(def.calls.save, payload);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(declared(messageAnswer, saved)).toEqual({ message: `${def.entity} saved successfully` });

    const row = (await findByName(def, name))!;
    expect(row).toMatchObject({ [def.nameColumn]: name, [def.statusColumn]: 'Active' });
    for (const column of def.columns) expect(row, column.field).toHaveProperty(column.field);

    const dup = await post(def.calls.save, { ...payload, [def.fields[0]!.param]: name.toUpperCase() });
    expect(dup.statusCode).toBe(409);
    const taken = `${def.entity} Already Exist`;
    expect(dup.json()).toEqual({ message: taken, errors: { [def.fields[0]!.param]: taken } });

    const id = row[def.idColumn];
    const update = (extra: Record<string, unknown>) =>
      post(def.calls.update, {
        ...payload,
        [def.params.id]: id,
        [def.fields[0]!.param]: `${name} Renamed`,
        ...extra,
      });
    for (const [sent, stored] of [
      ['InActive', 'Inactive'],
      [1, 'Active'],
      [0, 'Inactive'],
      ['Active', 'Active'],
    ] as const) {
      const res = await update({ [def.params.status]: sent });
      expect(declared(messageAnswer, res)).toEqual({ message: `${def.entity} updated successfully` });
      expect((await findByName(def, `${name} Renamed`))![def.statusColumn]).toBe(stored);
    }

    const lookup = await get(
      `/api/${def.calls.lookup}${def.key === 'barangay' ? `?townId=${row.town_id}` : def.key === 'subdivision' ? `?townId=${row.town_id}` : ''}`,
    );
    const lookupSchema =
      def.calls.lookup in geographyLookupAnswers
        ? geographyLookupAnswers[def.calls.lookup as keyof typeof geographyLookupAnswers]
        : masterLookupAnswer(def);
    declared(lookupSchema, lookup);
    expect(lookup.json().resultData.some((r: Row) => r[def.nameColumn] === `${name} Renamed`)).toBe(true);

    const exported = await get(
      `/api/${def.calls.list}/export?searchText=${encodeURIComponent(`${name} Renamed`)}`,
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain(`${def.exportTitle}_`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'ID', ...def.columns.map((c) => c.header)]);
    expect(sheet.rowCount).toBe(2);

    const deleted = await post(def.calls.delete, { [def.params.deleteId]: id });
    expect(declared(messageAnswer, deleted)).toEqual({ message: `${def.entity} deleted successfully` });
    expect(await findByName(def, `${name} Renamed`)).toBeUndefined();
    expect((await post(def.calls.delete, { [def.params.deleteId]: id })).statusCode).toBe(404);
  });

  it('requires the name, and sorts by every whitelisted column only', async () => {
    const res = await post(def.calls.save, {
      ...(await savePayload(def, 'x')),
      [def.fields[0]!.param]: '  ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [def.fields[0]!.param]: 'Field is required' });
    for (const column of def.sortColumns) {
      for (const order of ['asc', 'desc'])
        expect((await get(`/api/${def.calls.list}?sortColumn=${column}&sortOrder=${order}`)).statusCode).toBe(
          200,
        );
    }
    expect((await get(`/api/${def.calls.list}?sortColumn=created_by`)).statusCode).toBe(400);
  });
});

describe('reference values', () => {
  it('keeps the ids the property form branches on', async () => {
    expect((await get('/api/GetProductCategoryWithoutPagination')).json().resultData).toEqual([
      { product_category_id: 1, product_category_name: 'For Rent' },
      { product_category_id: 3, product_category_name: 'For Sale' },
    ]);
    const classes = (await get('/api/GetPropertyClassificationWithoutPagination')).json().resultData;
    expect(classes.map((c: Row) => [c.property_classification_id, c.property_classification])).toEqual([
      [3, 'Agricultural'],
      [1, 'Commercial'],
      [4, 'Residential'],
    ]);
    const amenities = (await get('/api/GetMasterAmenitiesWithoutPagination')).json().resultData;
    expect(amenities).toHaveLength(11);
    expect(amenities[0]).toEqual({ id: expect.any(Number), name: 'Air Conditioning' });
    // A new category gets a fresh id after the explicit ones.
    await post('SaveProductCategory', { product_category_name: 'For Lease' });
    const lease = (await findByName(MASTERS.productCategory, 'For Lease'))!;
    expect(lease.product_category_id).toBeGreaterThan(3);
  });

  it('answers whether a property type is a dwelling', async () => {
    const types = (await get('/api/GetPropertyTypeWithoutPagination')).json().resultData as Row[];
    const house = types.find((r) => r.property_type === 'House')!;
    const land = types.find((r) => r.property_type === 'Land')!;
    const dwelling = declared(
      geographyLookupAnswers.GetDwellingWithoutPagination,
      await get(`/api/GetDwellingWithoutPagination?typeId=${house.property_type_id}`),
    );
    expect(dwelling).toEqual({ resultData: [{ dwelling_type: 'Yes' }] });
    expect(
      (await get(`/api/GetDwellingWithoutPagination?typeId=${land.property_type_id}`)).json().resultData[0]
        .dwelling_type,
    ).toBe('No');
    expect(
      (await post('SavePropertyType', { property_type: 'Villa', dwelling_type: 'Maybe' })).json().errors,
    ).toEqual({
      dwelling_type: 'Field is required',
    });
  });
});

describe('geography integrity and cascade', () => {
  it('keeps names unique within their parent only', async () => {
    const a = await chain('Alpha');
    const b = await chain('Beta');
    // The same town name in another province is fine; in the same province it is a 409.
    expect(
      (
        await post('SaveTown', {
          townName: 'San Isidro',
          isTownCity: 'Town',
          provinceId: a.province.province_id,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await post('SaveTown', {
          townName: 'San Isidro',
          isTownCity: 'Town',
          provinceId: b.province.province_id,
        })
      ).statusCode,
    ).toBe(200);
    const dup = await post('SaveTown', {
      townName: 'san isidro',
      isTownCity: 'City',
      provinceId: a.province.province_id,
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ message: 'Town Already Exist', errors: { townName: 'Town Already Exist' } });
  });

  it('refuses a town that is not in the chosen province, and unknown parents', async () => {
    const a = await chain('Gamma');
    const b = await chain('Delta');
    const wrong = await post('SaveBarangay', {
      barangay_name: 'Mismatch',
      town_id: a.town.town_id,
      province_id: b.province.province_id,
      zip_code: '1234',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ town_id: 'The town is not in the chosen province' });
    expect(
      (await post('SaveTown', { townName: 'Nowhere', isTownCity: 'Town', provinceId: 999999 })).json().errors,
    ).toEqual({
      provinceId: 'Unknown province',
    });
    const zip = await post('SaveBarangay', {
      barangay_name: 'Zippy',
      town_id: a.town.town_id,
      province_id: a.province.province_id,
      zip_code: '12a',
    });
    expect(zip.statusCode).toBe(400);
    expect(zip.json().errors.zip_code).toBe(MESSAGES.zip6);
    expect(
      (
        await post('SaveBarangay', {
          barangay_name: 'Zipless',
          town_id: a.town.town_id,
          province_id: a.province.province_id,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('refuses to delete what is still used, saying what uses it', async () => {
    const c = await chain('Epsilon');
    const res = await post('DeleteProvince', { provinceId: c.province.province_id });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Province : Province Epsilon is used by 1 town and cannot be deleted');
    const town = await post('DeleteTown', { townId: c.town.town_id });
    expect(town.json().message).toBe('Town : Town Epsilon is used by 1 barangay and cannot be deleted');
  });

  it('stores adjacency as symmetric links and answers the legacy comma strings', async () => {
    const c = await chain('Zeta');
    const pid = c.province.province_id;
    for (const name of ['North', 'South', 'East'])
      await post('SaveTown', { townName: name, isTownCity: 'City', provinceId: pid });
    const towns = declared(
      geographyLookupAnswers.GetAdjacentTownWithoutPagination,
      await get(`/api/GetAdjacentTownWithoutPagination?provinceId=${pid}&townId=${c.town.town_id}`),
    ).resultData as Row[];
    expect(towns.map((r) => r.town_name)).toEqual(['East', 'North', 'South']);
    const [east, north] = towns;
    const res = await post('UpdateTown', {
      townId: c.town.town_id,
      townName: 'Town Zeta',
      isTownCity: 'Town',
      provinceId: pid,
      status: 'Active',
      adjacentTown: `${north!.town_id},${east!.town_id}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const zeta = (await findByName(MASTERS.town, 'Town Zeta'))!;
    expect(zeta.adjacent_town_id).toBe(
      [east!.town_id, north!.town_id].sort((x, y) => Number(x) - Number(y)).join(','),
    );
    expect(zeta.adjacent_town).toBe('East, North');
    expect((await findByName(MASTERS.town, 'North'))!.adjacent_town).toBe('Town Zeta');
    const links = await t.db
      .selectFrom('town_adjacency' as never)
      .selectAll()
      .execute();
    expect(links.length).toBeGreaterThanOrEqual(4);
    // A town can be deleted with its links; the neighbours lose the link.
    await post('DeleteTown', { townId: north!.town_id });
    expect((await findByName(MASTERS.town, 'Town Zeta'))!.adjacent_town).toBe('East');
    expect(
      (
        await post('UpdateTown', {
          townId: zeta.town_id,
          townName: 'Town Zeta',
          isTownCity: 'Town',
          provinceId: pid,
          adjacentTown: '1,abc',
        })
      ).statusCode,
    ).toBe(400);
  });

  it('lists each neighbour with its name and status, by name, whatever commas its name holds', async () => {
    const c = await chain('Iota');
    const pid = c.province.province_id;
    for (const name of ['Zulu', 'Bgy. No. 42, Apaya', 'Batac'])
      await post('SaveTown', { townName: name, isTownCity: 'City', provinceId: pid });
    const town = async (name: string) => (await findByName(MASTERS.town, name))!;
    const [zulu, apaya, batac] = [await town('Zulu'), await town('Bgy. No. 42, Apaya'), await town('Batac')];
    const update = (row: Row, fields: object) =>
      post('UpdateTown', {
        townId: row.town_id,
        townName: row.town_name,
        isTownCity: 'City',
        provinceId: pid,
        ...fields,
      });
    const linked = await update(c.town, {
      adjacentTown: `${zulu.town_id},${apaya.town_id},${batac.town_id}`,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect((await update(zulu, { status: 'Inactive' })).statusCode).toBe(200);
    const row = await town('Town Iota');
    // The names alone split into four at their commas; the records pair each id with its name.
    expect(row.adjacent_town).toBe('Batac, Bgy. No. 42, Apaya, Zulu');
    expect(row.adjacent_towns).toEqual([
      { id: batac.town_id, name: 'Batac', status: 'Active' },
      { id: apaya.town_id, name: 'Bgy. No. 42, Apaya', status: 'Active' },
      { id: zulu.town_id, name: 'Zulu', status: 'Inactive' },
    ]);
    expect((await town('Batac')).adjacent_towns).toEqual([
      { id: c.town.town_id, name: 'Town Iota', status: 'Active' },
    ]);
  });

  it('cascades province → towns → barangays → subdivisions through the lookups', async () => {
    const c = await chain('Eta');
    await post('SaveSubdivision', {
      subdivision_name: 'Villa Eta',
      province_id: c.province.province_id,
      town_id: c.town.town_id,
      barangay_id: c.barangay.barangay_id,
      zip_code: '6000',
    });
    const towns = declared(
      geographyLookupAnswers.GetTownWithoutPagination,
      await get(`/api/GetTownWithoutPagination?provinceId=${c.province.province_id}`),
    ).resultData;
    expect(towns).toEqual([
      expect.objectContaining({ town_id: c.town.town_id, town_name: 'Town Eta', is_town_city: 'Town' }),
    ]);
    const barangays = declared(
      geographyLookupAnswers.GetBarangayWithoutPagination,
      await get(`/api/GetBarangayWithoutPagination?townId=${c.town.town_id}`),
    ).resultData;
    expect(barangays).toEqual([expect.objectContaining({ barangay_name: 'Barangay Eta', zip_code: '6000' })]);
    const subdivisions = declared(
      geographyLookupAnswers.GetSubdivisionWithoutPagination,
      await get(`/api/GetSubdivisionWithoutPagination?barangayId=${c.barangay.barangay_id}`),
    ).resultData;
    expect(subdivisions).toEqual([expect.objectContaining({ subdivision_name: 'Villa Eta' })]);
    expect(
      declared(
        geographyLookupAnswers.GetBarangayForSubdivisionWithoutPagination,
        await get(`/api/GetBarangayForSubdivisionWithoutPagination?townId=${c.town.town_id}`),
      ).resultData,
    ).toEqual([{ barangay_id: c.barangay.barangay_id, barangay_name: 'Barangay Eta', zip_code: '6000' }]);
    expect(
      (
        await get(
          `/api/GetAdjacentBarangayWithoutPagination?townId=${c.town.town_id}&barangayId=${c.barangay.barangay_id}`,
        )
      ).json().resultData,
    ).toEqual([]);
    expect(
      declared(
        geographyLookupAnswers.GetAdjacentSubdivisionWithoutPagination,
        await get(`/api/GetAdjacentSubdivisionWithoutPagination?townId=${c.town.town_id}`),
      ).resultData,
    ).toEqual([{ subdivision_id: expect.any(Number), subdivision_name: 'Villa Eta' }]);
    // Before a town is chosen the old screens call it without one: no rows (decision 34).
    expect((await get('/api/GetBarangayWithoutPagination')).json()).toEqual({ resultData: [] });
    // Inactive records leave the lookups.
    const row = (await findByName(MASTERS.barangay, 'Barangay Eta'))!;
    await post('UpdateBarangay', {
      barangay_id: row.barangay_id,
      barangay_name: 'Barangay Eta',
      town_id: row.town_id,
      province_id: row.province_id,
      zip_code: '6000',
      barangay_status: 'Inactive',
    });
    expect(
      (await get(`/api/GetBarangayWithoutPagination?townId=${c.town.town_id}`)).json().resultData,
    ).toEqual([]);
    // The town's other active barangays may border it.
    await post('SaveBarangay', {
      barangay_name: 'Barangay Eta East',
      town_id: c.town.town_id,
      province_id: c.province.province_id,
      zip_code: '6001',
    });
    expect(
      declared(
        geographyLookupAnswers.GetAdjacentBarangayWithoutPagination,
        await get(
          `/api/GetAdjacentBarangayWithoutPagination?townId=${c.town.town_id}&barangayId=${c.barangay.barangay_id}`,
        ),
      ).resultData,
    ).toEqual([{ barangay_id: expect.any(Number), barangay_name: 'Barangay Eta East' }]);
  });

  it('searches by the names of parents too, and by zip code', async () => {
    const c = await chain('Theta');
    const byProvince = await rows(MASTERS.barangay, 'searchText=province%20theta');
    expect(byProvince.data.map((r) => r.barangay_name)).toEqual(['Barangay Theta']);
    expect(byProvince.total).toBe(1);
    expect((await rows(MASTERS.town, 'searchText=PROVINCE%20THETA')).data.map((r) => r.town_name)).toEqual([
      'Town Theta',
    ]);
    expect((await rows(MASTERS.barangay, 'searchText=town%20theta')).total).toBe(1);
    await post('SaveSubdivision', {
      subdivision_name: 'Heights',
      province_id: c.province.province_id,
      town_id: c.town.town_id,
      barangay_id: c.barangay.barangay_id,
    });
    expect(
      (await rows(MASTERS.subdivision, 'searchText=barangay%20theta')).data.map((r) => r.subdivision_name),
    ).toEqual(['Heights']);
    const unfiltered = await rows(MASTERS.barangay, '');
    expect(unfiltered.total).toBe(
      Number(
        (
          await t.db
            .selectFrom('barangays' as never)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      ),
    );
  });

  it('tells whether a province name exists, in any case', async () => {
    await post('SaveProvince', { provinceName: 'Sulu Test' });
    expect(declared(provinceExistAnswer, await post('provinceExist', { provinceName: 'SULU TEST' }))).toEqual(
      {
        status: 'exist',
      },
    );
    expect((await post('provinceExist', { provinceName: 'Atlantis' })).json()).toEqual({
      status: 'notexist',
    });
  });
});

describe('master permissions', () => {
  it('lets Enable Master change only the status, and Edit Master only the rest', async () => {
    const roleFor = async (name: string, permissions: string[]) => {
      await post('webSaveRole', { roleName: name });
      const role = await t.db
        .selectFrom('roles')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      const ids = await t.db
        .selectFrom('permissions')
        .select('id')
        .where('name', 'in', ['Capability Menu', ...permissions])
        .execute();
      await t.db
        .insertInto('role_permissions')
        .values(ids.map((p) => ({ role_id: role.id, permission_id: p.id })))
        .execute();
      return (await t.signedIn(role.id)).token;
    };
    const switcher = await roleFor('Switcher', ['Enable Master']);
    const editor = await roleFor('Editor', ['Edit Master']);
    await post('SaveCapability', { Name: 'Staging' });
    const row = (await findByName(MASTERS.capability, 'Staging'))!;
    const id = row.capability_id;
    expect(
      (await post('UpdateCapability', { Id: id, Name: 'Staging', isActive: 'InActive' }, switcher))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('UpdateCapability', { Id: id, Name: 'Restaged', isActive: 'InActive' }, switcher))
        .statusCode,
    ).toBe(403);
    expect(
      (await post('UpdateCapability', { Id: id, Name: 'Restaged', isActive: 'InActive' }, editor)).statusCode,
    ).toBe(200);
    expect(
      (await post('UpdateCapability', { Id: id, Name: 'Restaged', isActive: 'Active' }, editor)).statusCode,
    ).toBe(403);
    expect((await findByName(MASTERS.capability, 'Restaged'))!.capability_status).toBe('Inactive');
    expect((await post('SaveCapability', { Name: 'Nope' }, editor)).statusCode).toBe(403);
    expect((await post('DeleteCapability', { Id: id }, editor)).statusCode).toBe(403);
  });

  it('shows an Agent no master list but lets them use the lookups', async () => {
    const { token } = await t.signedIn(ROLE.Agent);
    expect((await get('/api/GetProvince', token)).statusCode).toBe(403);
    expect((await get('/api/GetProvinceWithoutPagination', token)).statusCode).toBe(200);
  });
});
