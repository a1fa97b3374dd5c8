import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { propertyApi, roleApi, userApi } from '@app/contract';
import { callKey, callQuery, envelopeOf, listQuery, recordQuery } from '../src/lib/queries.ts';

const PARAMS = { page: 2, itemsPerPage: 7, sortColumn: 'name', sortOrder: 'asc', searchText: '' };

describe('query keys', () => {
  it('are [call name, request], the shape invalidation by call name relies on', () => {
    expect(callKey(userApi.GetUser, { page: 1 })).toEqual(['GetUser', { page: 1 }]);
    expect(callQuery(roleApi.webGetRolesWithoutPagination, {}).queryKey).toEqual([
      'webGetRolesWithoutPagination',
      {},
    ]);
  });

  it('of a record are [call name, {param: id}], shared by the form and the media page', () => {
    expect(recordQuery(propertyApi.GetPropertyById, 'id', 5).queryKey).toEqual([
      'GetPropertyById',
      { id: 5 },
    ]);
  });

  it('of a list page hold every param, filters too', () => {
    const page = listQuery(userApi.GetUser).page({ ...PARAMS, role: 3 });
    expect(page.queryKey).toEqual(['GetUser', { ...PARAMS, role: 3 }]);
  });

  it('are matched by the call name alone, as useApiMutation reloads them', () => {
    const client = new QueryClient();
    client.setQueryData(listQuery(userApi.GetUser).page(PARAMS).queryKey, { resultData: undefined });
    client.setQueryData(callKey(userApi.GetNewUser, PARAMS), { resultData: null });
    const found = client.getQueryCache().findAll({ queryKey: [userApi.GetUser.name] });
    expect(found.map((q) => q.queryKey[0])).toEqual(['GetUser']);
  });
});

describe('listQuery', () => {
  it('keeps its call for the export', () => {
    expect(listQuery(userApi.GetUser).call).toBe(userApi.GetUser);
  });

  it('reads the page under the envelope its declaration names', () => {
    expect(envelopeOf(roleApi.webGetRoles)).toBe('roleData');
    expect(envelopeOf(userApi.GetUser)).toBe('resultData');
    const page = { data: [{ id: 1 }], total: 1 };
    const roles = listQuery(roleApi.webGetRoles).page(PARAMS);
    expect(roles.select?.({ roleData: page } as never)).toBe(page);
    const users = listQuery(userApi.GetUser).page(PARAMS);
    expect(users.select?.({ resultData: page } as never)).toBe(page);
    expect(users.select?.(null as never)).toBeUndefined();
  });
});
