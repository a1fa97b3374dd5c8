import { describe, expect, it } from 'vitest';
import { formValues, requestOf, type FieldKinds } from '../src/components/entity-values.ts';

const kinds: FieldKinds = {
  text: ['seller_name', 'notes_about_seller', 'zipcode'],
  ids: ['province_id', 'agency_id'],
  lists: ['specialization_id'],
};

describe('formValues', () => {
  it('starts a new record blank: empty text, no ids, empty lists', () => {
    expect(formValues(kinds, null)).toEqual({
      seller_name: '',
      notes_about_seller: '',
      zipcode: '',
      province_id: null,
      agency_id: null,
      specialization_id: [],
    });
  });

  it("fills the form from a record: null text as '', numbers as text, the wire's comma list as ids", () => {
    const values = formValues(kinds, {
      seller_name: 'Juan Dela Cruz',
      notes_about_seller: null,
      zipcode: 6000,
      province_id: 4,
      agency_id: null,
      specialization_id: '4,7,9',
    });
    expect(values).toEqual({
      seller_name: 'Juan Dela Cruz',
      notes_about_seller: '',
      zipcode: '6000',
      province_id: 4,
      agency_id: null,
      specialization_id: [4, 7, 9],
    });
  });

  it('reads an id of 0, blank or not a whole number as none', () => {
    for (const none of [0, '', '2.5', 'abc', -3]) {
      expect(formValues(kinds, { province_id: none }).province_id, String(none)).toBeNull();
    }
    expect(formValues(kinds, { province_id: '12' }).province_id).toBe(12);
  });

  it('keeps only the fields the form holds', () => {
    expect(formValues(kinds, { seller_name: 'x', created_by: 1 })).not.toHaveProperty('created_by');
  });
});

describe('requestOf', () => {
  it("sends id lists comma-joined ('4,7,9') and everything else as it is", () => {
    expect(
      requestOf({ specialization_id: [4, 7, 9], province_id: 3, seller_name: 'Juan', agency_id: null }),
    ).toEqual({
      specialization_id: '4,7,9',
      province_id: 3,
      seller_name: 'Juan',
      agency_id: null,
    });
  });

  it("sends an empty list as ''", () => {
    expect(requestOf({ capability_id: [] })).toEqual({ capability_id: '' });
  });
});
