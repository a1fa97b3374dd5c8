import { describe, expect, it } from 'vitest';
import { propertyIssues, propertyUpdateFields, savePropertyRequest } from '../src/properties.ts';
import { saveMediaRequest } from '../src/property-media.ts';
import { PRODUCT_CATEGORY, pricePerSqM, rentalExpiryLimit } from '../src/property-rules.ts';
import { saveSellerRequest, updateSellerRequest } from '../src/entities.ts';

/** A valid property For Sale, as the form sends it. */
const forSale = {
  property_name: 'Sunny Townhouse',
  property_headline: 'Near the beach',
  property_description: 'Two storeys, a garden.',
  property_classification_id: '1',
  product_category_id: String(PRODUCT_CATEGORY.ForSale),
  property_type_id: '2',
  land_area: '120.50',
  street_name: 'Mabini Street',
  province_id: '1',
  town_id: '2',
  barangay_id: '3',
  sale_price: '4500000',
};

const issuesOf = (input: object, context: { dwelling: boolean; today?: string } = { dwelling: false }) =>
  propertyIssues(savePropertyRequest.parse(input), context);

describe('the property request', () => {
  it('reads amounts, ids and yes/no flags from the form', () => {
    const p = savePropertyRequest.parse({ ...forSale, isFeatured: 'Yes', no_bedrooms: '0' });
    expect(p).toMatchObject({ land_area: 120.5, sale_price: 4500000, province_id: 1, isFeatured: true });
    expect(p.no_bedrooms).toBe(0); // a studio
  });

  it('says "Field is required" for a missing required field', () => {
    const result = savePropertyRequest.safeParse({ ...forSale, property_name: '  ' });
    expect(result.error!.issues).toContainEqual(
      expect.objectContaining({ path: ['property_name'], message: 'Field is required' }),
    );
  });

  it('allows amounts of at most 2 decimals', () => {
    const result = savePropertyRequest.safeParse({ ...forSale, sale_price: '1.999' });
    expect(result.error!.issues).toContainEqual(
      expect.objectContaining({ path: ['sale_price'], message: 'Please provide Value upto 2 Decimal' }),
    );
  });

  it('allows bedrooms 0-9 or 99 only', () => {
    expect(savePropertyRequest.parse({ ...forSale, no_bedrooms: '99' }).no_bedrooms).toBe(99);
    const result = savePropertyRequest.safeParse({ ...forSale, no_bedrooms: '12' });
    expect(result.error!.issues[0]!.message).toBe('Choose 0-9 or 99');
  });

  it('refuses a date that does not exist', () => {
    const result = savePropertyRequest.safeParse({ ...forSale, date_rental_started: '2026-02-29' });
    expect(result.error!.issues[0]!.message).toBe('No such date');
  });
});

describe('propertyIssues', () => {
  it('asks for the sale price of a property For Sale', () => {
    expect(issuesOf({ ...forSale, sale_price: '' })).toEqual([
      { path: ['sale_price'], message: 'Field is required' },
    ]);
  });

  it('asks for the rental price of a property For Rent', () => {
    expect(issuesOf({ ...forSale, product_category_id: String(PRODUCT_CATEGORY.ForRent) })).toEqual([
      { path: ['rental_price_asked'], message: 'Field is required' },
    ]);
  });

  it('asks for bedrooms and toilets of a dwelling only', () => {
    expect(issuesOf(forSale, { dwelling: false })).toEqual([]);
    expect(issuesOf(forSale, { dwelling: true }).map((i) => i.path[0])).toEqual([
      'no_bedrooms',
      'no_toilets',
    ]);
  });

  it('asks for the agricultural type of an agricultural property', () => {
    expect(issuesOf({ ...forSale, property_classification_id: '3' })).toEqual([
      { path: ['agri_type'], message: 'Field is required' },
    ]);
  });

  it('asks for the reason of a Suspended property', () => {
    const update = propertyUpdateFields.parse({ ...forSale, id: 5, status: 'Suspended' });
    expect(propertyIssues(update, { dwelling: false })).toEqual([
      { path: ['suspendedReason'], message: 'Suspended reason is required' },
    ]);
  });

  it('refuses a rental that expires after the 10th of the month a year ahead', () => {
    const today = '2026-03-15';
    expect(rentalExpiryLimit(today)).toBe('2027-03-10');
    expect(
      issuesOf({ ...forSale, current_rental_expires: '2027-03-10' }, { dwelling: false, today }),
    ).toEqual([]);
    expect(
      issuesOf({ ...forSale, current_rental_expires: '2027-03-11' }, { dwelling: false, today }),
    ).toEqual([{ path: ['current_rental_expires'], message: 'The rental cannot expire after 10/03/2027' }]);
  });
});

describe('pricePerSqM', () => {
  it('divides the sale price by the land area, to 2 decimals', () => {
    expect(pricePerSqM(1_000_000, 3)).toBe(333333.33);
    expect(pricePerSqM('4500000', '120.50')).toBe(37344.4);
  });

  it('is 0 without a land area', () => {
    expect(pricePerSqM(1_000_000, 0)).toBe(0);
    expect(pricePerSqM(1_000_000, null)).toBe(0);
  });
});

describe('saveimagesupload', () => {
  it('asks for the link of a video', () => {
    const result = saveMediaRequest.safeParse({ type: 'Video', property_id: 1, description: 'Tour' });
    expect(result.error!.issues).toContainEqual(
      expect.objectContaining({ path: ['video_link'], message: 'Field is required' }),
    );
  });

  it('refuses a link that is not http(s)', () => {
    const result = saveMediaRequest.safeParse({
      type: 'Video',
      property_id: 1,
      description: 'Tour',
      video_link: 'javascript:alert(1)',
    });
    expect(result.error!.issues[0]!.message).toBe('Provide a valid video link (http:// or https://)');
  });
});

describe('the seller requests', () => {
  const seller = {
    seller_name: 'Juan Dela Cruz',
    phone_1: '09181234567',
    house_no: '7',
    street_name: 'Luna Street',
    province_id: 1,
    town_id: 2,
    barangay_id: 3,
    zipcode: '6000',
  };

  it('leave the agency to the server: a seller without one is a valid request', () => {
    expect(saveSellerRequest.parse(seller)).toMatchObject({ seller_name: 'Juan Dela Cruz', agency_id: null });
  });

  it('need the seller id to update', () => {
    expect(updateSellerRequest.safeParse(seller).success).toBe(false);
    expect(updateSellerRequest.parse({ ...seller, seller_id: '4' }).seller_id).toBe(4);
  });
});
