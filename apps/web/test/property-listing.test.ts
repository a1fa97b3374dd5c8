import { describe, expect, it } from 'vitest';
import { PROPERTY_SORT_COLUMNS, propertyListQuery } from '@app/contract';
import { PROPERTY_SORTS } from '../src/features/properties/listing.ts';

describe('PROPERTY_SORTS', () => {
  it('offers newest first as the default choice', () => {
    expect(PROPERTY_SORTS[0]).toMatchObject({
      label: 'Newest first',
      column: 'date_first_added',
      order: 'desc',
    });
  });

  it("asks only for sorts the server's allproperty accepts", () => {
    for (const sort of PROPERTY_SORTS) {
      expect(PROPERTY_SORT_COLUMNS).toContain(sort.column);
      expect(propertyListQuery.parse({ sortColumn: sort.column, sortOrder: sort.order })).toMatchObject({
        sortColumn: sort.column,
        sortOrder: sort.order,
      });
    }
  });

  it('gives each choice its own key', () => {
    expect(new Set(PROPERTY_SORTS.map((s) => s.key)).size).toBe(PROPERTY_SORTS.length);
  });
});
