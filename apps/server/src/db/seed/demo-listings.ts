/**
 * About thirty demo listings (issue 21, item 15), so that the Property List, the property reports and the
 * Overview show something on a first start: For Sale and For Rent, every property type and status, on
 * real places of the seeded geography, owned by the demo accounts within their open-listing limits, each
 * with a picture made here. They go through the rules saveproperty applies (the contract's request
 * schema, the chosen records, the address, the owner's limit) and the upload path's media storage.
 * main.ts runs it after seedDemoUsers on a new database; it adds nothing where any listing exists.
 */
import { sql } from 'kysely';
import { DEMO_DOMAIN } from './demo.ts';
import { demoPicture } from './demo-images.ts';
import { inTransaction, type Db } from '../index.ts';
import { PRODUCT_CATEGORY, ROLE, savePropertyRequest, type PropertyStatus } from '@app/contract';
import { insertListing, newListing, type ListingSaver } from '../../calls/property-save.ts';
import { updateProperty } from '../repositories/properties.ts';
import { insertHistory } from '../repositories/property-history.ts';
import { insertImage, replaceAmenities } from '../repositories/property-media.ts';
import { placeFiles, removeMedia, storeImage, type StoredImage } from '../../lib/media.ts';
import type { MediaStore } from '../../lib/media-store/index.ts';
import { DEMO_LISTINGS, type DemoListing } from './demo-listing-data.ts';

/** A demo account by the start of its e-mail (agent@…), with what the rules ask of a saver. */
async function demoSavers(db: Db) {
  const rows = await db
    .selectFrom('users')
    .select(['user_id', 'role_id', 'user_email'])
    .where('user_email', 'like', `%@${DEMO_DOMAIN}`)
    .where('user_status', '=', 'Active')
    .execute();
  return new Map<string, ListingSaver>(
    rows.map((r) => [r.user_email.split('@')[0]!, { user_id: r.user_id, role_id: r.role_id }]),
  );
}

/** A town of the seeded geography by name, with its province and its first barangay (by name). */
async function townPlace(db: Db, town: string) {
  const { rows } = await sql<{
    province_id: number;
    town_id: number;
    barangay_id: number;
    zip: string | null;
  }>`
    SELECT t.province_id, t.town_id, b.barangay_id, coalesce(b.zip_code, t.zip_code) AS zip
    FROM towns t JOIN barangays b ON b.town_id = t.town_id
    WHERE t.town_name = ${town} ORDER BY t.town_id, b.barangay_name, b.barangay_id LIMIT 1`.execute(db);
  return rows[0];
}

/** Ids of a master's rows by name. */
async function idsByName(db: Db, table: string, idColumn: string, nameColumn: string) {
  const { rows } = await sql<{ id: number; name: string }>`SELECT ${sql.ref(idColumn)} AS id,
    ${sql.ref(nameColumn)} AS name FROM ${sql.table(table)}`.execute(db);
  return new Map(rows.map((r) => [r.name, r.id]));
}

/** The status a listing moves to after it is saved Open, with what that status carries. */
function statusColumns(listing: DemoListing, status: PropertyStatus) {
  if (status === 'Sold') return { status, sale_price: Math.round((listing.sale ?? 0) * 0.97) };
  if (status === 'Occupied') return { status, price_rented: listing.rent };
  if (status === 'Suspended') return { status, suspended_reason: 'The title is being verified' };
  return { status };
}

/** Days between one demo listing's first adding and the next's, so the weekly charts show weeks. */
const DAYS_APART = 3;

/**
 * Saves a prepared demo listing Open, moves it to its status, and gives it its picture and amenities;
 * it was first added `daysAgo` days ago.
 */
async function saveDemoListing(
  db: Db,
  demo: Prepared,
  image: StoredImage,
  amenities: number[],
  daysAgo: number,
) {
  const { listing, owner, values } = demo;
  await inTransaction(db, async (trx) => {
    const propertyId = await insertListing(trx, owner, values);
    await sql`UPDATE properties SET date_first_added = now() - make_interval(days => ${daysAgo})
      WHERE property_id = ${propertyId}`.execute(trx);
    const status = listing.status;
    if (status !== 'Open') {
      const by = { userId: owner.user_id, operator: owner.role_id === ROLE.Operator };
      await updateProperty(trx, propertyId, statusColumns(listing, status), status, by);
      await insertHistory(trx, [
        {
          property_id: propertyId,
          field: 'status',
          old_value: 'Open',
          new_value: status,
          changed_by: owner.user_id,
        },
      ]);
    }
    await insertImage(trx, {
      propertyId,
      ...image,
      description: listing.name,
      isDefault: true,
      createdBy: owner.user_id,
    });
    if (amenities.length > 0) await replaceAmenities(trx, propertyId, amenities);
  });
}

interface Prepared {
  listing: DemoListing;
  owner: ListingSaver;
  values: Awaited<ReturnType<typeof newListing>>;
  dwelling: boolean;
}

/**
 * Adds the demo listings (none where any listing exists); answers how many. The pictures are made and
 * stored side by side first, then the listings saved one by one; the pictures' files take their names
 * once every listing is committed, as an upload's do.
 */
export async function seedDemoListings(db: Db, store: MediaStore, today: string): Promise<number> {
  if (await db.selectFrom('properties').select('property_id').limit(1).executeTakeFirst()) return 0;
  const savers = await demoSavers(db);
  const types = await idsByName(db, 'property_types', 'property_type_id', 'property_type');
  const { rows: dwellingTypes } = await sql<{ property_type: string }>`SELECT property_type
    FROM property_types WHERE dwelling_type = 'Yes'`.execute(db);
  const dwellings = new Set(dwellingTypes.map((t) => t.property_type));
  const classes = await idsByName(
    db,
    'property_classifications',
    'property_classification_id',
    'property_classification',
  );
  const agriTypes = await idsByName(db, 'agri_types', 'agri_type_id', 'agri_type_name');
  const sellers = await idsByName(db, 'sellers', 'seller_id', 'seller_name');
  const brokers = await idsByName(db, 'brokers', 'broker_id', 'broker_name');
  const amenities = await idsByName(db, 'amenities', 'id', 'name');
  const prepared: Prepared[] = [];
  for (const listing of DEMO_LISTINGS) {
    const owner = savers.get(listing.owner);
    const place = await townPlace(db, listing.town);
    const typeId = types.get(listing.type);
    if (!owner || !place || !typeId) continue; // an account, town or type the database lacks
    const input = savePropertyRequest.parse({
      property_name: listing.name,
      property_headline: listing.headline,
      property_description: listing.description,
      property_classification_id: classes.get(listing.classification),
      product_category_id: listing.sale !== null ? PRODUCT_CATEGORY.ForSale : PRODUCT_CATEGORY.ForRent,
      property_type_id: typeId,
      agri_type: listing.agriType ? agriTypes.get(listing.agriType) : null,
      sale_price: listing.sale,
      rental_price_asked: listing.rent,
      land_area: listing.land,
      building_area: listing.building,
      no_bedrooms: listing.bedrooms,
      no_toilets: listing.toilets,
      furnishing: listing.furnishing,
      street_name: listing.street,
      house_lot_no: listing.house,
      province_id: place.province_id,
      town_id: place.town_id,
      barangay_id: place.barangay_id,
      zipcode: place.zip,
      seller_id: listing.seller ? (sellers.get(listing.seller) ?? null) : null,
      associatedBroker: listing.broker ? (brokers.get(listing.broker) ?? null) : null,
      agent_id: listing.agent ? (savers.get(listing.agent)?.user_id ?? null) : null,
      isFeatured: listing.featured ? 'Yes' : 'No',
    });
    const values = await newListing(db, owner, input, today);
    prepared.push({ listing, owner, values, dwelling: dwellings.has(listing.type) });
  }
  const rules = { field: 'images_video', tooLarge: 'Too large', wrongType: 'Not a JPEG' };
  const images = await Promise.all(
    prepared.map(async (p) =>
      storeImage(store, await demoPicture(p.listing.name, p.listing.type, p.dwelling), rules),
    ),
  );
  try {
    for (const [i, demo] of prepared.entries()) {
      const chosen = demo.listing.amenities.flatMap((a) => amenities.get(a) ?? []);
      const daysAgo = (prepared.length - 1 - i) * DAYS_APART;
      await saveDemoListing(db, demo, images[i]!, chosen, daysAgo);
    }
  } catch (error) {
    await removeMedia(store, ...images.flatMap((image) => [image.file, image.thumbnail]));
    throw error;
  }
  for (const image of images) await placeFiles(store, image);
  return prepared.length;
}
