import { PROPERTY_STATUSES, type PropertyStatus } from '@app/contract';

/** A demo listing as seedDemoListings (demo-listings.ts) saves it; names are looked up there. */
export interface DemoListing {
  name: string;
  headline: string;
  description: string;
  /** The demo account that owns it, by the start of its e-mail. */
  owner: string;
  agent: string | null;
  /**
   * A seller everyone who may edit the listing may choose: where it has a demo agent, one of their
   * agency's (decision 89), or the agent's save of it unchanged is refused.
   */
  seller: string | null;
  broker: string | null;
  town: string;
  house: string | null;
  street: string;
  type: string;
  classification: string;
  agriType: string | null;
  /** For Sale at `sale`, else For Rent at `rent` a month. */
  sale: number | null;
  rent: number | null;
  land: number;
  bedrooms: number | null;
  toilets: number | null;
  building: number | null;
  furnishing: string | null;
  amenities: string[];
  /** Where it stands after it is saved Open. */
  status: PropertyStatus;
  featured: boolean;
}

/**
 * Thirty listings, two lines each: name | headline | description, then owner | agent | seller | broker |
 * town | street (with its house number) | property type | classification (: agricultural type) | sale
 * or rent price | land area | bedrooms/toilets/building area | furnishing | amenities | status
 * (featured). '-' is none. The demo Agent holds 2 listings that count against its limit of 5 and the
 * Owner-Agent 3, so both can still add listings; the other owners' limits are far off. A few name a
 * broker, so the broker fields and the Property Based Broker Report show something.
 */
const TABLE = `
Bel-Air Family House | Four-bedroom house in a gated village | Two-storey house on a corner lot, near schools and the Ayala Center.
  agent | - | Antonio Dela Cruz | Jose Santos | Makati City | 15 Amorsolo Street | House | Residential | sale 38500000 | 320 | 4/3/280 | Semi Furnished | Car Parking, Air Conditioning | Open featured
Legazpi Village Studio | Furnished studio a walk from the CBD | Studio unit with a balcony, building gym and pool, 24-hour security.
  agent | - | Rosario Mendoza | - | Makati City | Legazpi Street | Condominium | Residential | rent 28000 | 32 | 0/1/32 | Fully Furnished | Swimming Pool, Gym, Free WiFi | Pending
Poblacion Loft | Loft unit with city views | Two-level loft near the restaurants of Poblacion; sold with its parking slot.
  agent | - | Antonio Dela Cruz | - | Makati City | Kalayaan Avenue | Condominium | Residential | sale 9800000 | 54 | 1/1/54 | - | - | Sold
Angeles Townhouse | Three-bedroom townhouse near Clark | End unit with a small garden, ten minutes from the Clark freeport.
  agent | - | Benjamin Aquino | - | Angeles City | 9 Fields Avenue | Townhouse | Residential | sale 6200000 | 90 | 3/2/120 | - | - | Archived
Quezon City Bungalow | Bungalow on a wide lot in Teachers Village | Single-storey house with a garage for two cars and a mango tree in the yard.
  owner-agent | - | Rosario Mendoza | Jose Santos | Quezon City | 48 Maginhawa Street | House | Residential | sale 18900000 | 400 | 3/2/180 | None | Car Parking | Open
Cubao Apartment | Two-bedroom apartment by the MRT | Second-floor apartment, walking distance to Araneta City and the MRT.
  owner-agent | - | - | - | Quezon City | Aurora Boulevard | Apartment | Residential | rent 22000 | 60 | 2/1/60 | Basic Furnishing | - | Open
Pasig Office Lot | Commercial lot near Ortigas Center | Level lot zoned for offices, on a four-lane road.
  owner-agent | - | - | - | Pasig City | Shaw Boulevard | Commercial Lot | Commercial | sale 52000000 | 650 | - | - | - | Suspended
Taguig Condo near BGC | One-bedroom unit, five minutes from BGC | Corner unit with a view of the Laguna de Bay, with a parking slot.
  owner-agent | - | - | - | Taguig City | Lawton Avenue | Condominium | Residential | sale 7400000 | 38 | 1/1/38 | - | - | Sold
Cebu IT Park Condo | Studio unit across the IT Park | Furnished studio for professionals, with a pool and a co-working lounge.
  admin | agent | Benjamin Aquino | Andres Cruz | Cebu City | Salinas Drive | Condominium | Residential | rent 18000 | 26 | 0/1/26 | Fully Furnished | Swimming Pool, Internet | Open featured
Banilad Family House | Five-bedroom house in a quiet subdivision | House with a maid room, a garden and a covered garage, near the schools of Banilad.
  admin | owner-agent | Rosario Mendoza | Andres Cruz | Cebu City | 3 Banilad Road | House | Residential | sale 24500000 | 450 | 5/4/350 | Semi Furnished | - | Pending
Mactan Beach Lot | Beachfront lot on Mactan Island | Titled beachfront lot with white sand, fit for a resort.
  admin | agent | - | - | Lapu-Lapu City | Punta Engaño Road | Land | Commercial | sale 75000000 | 2500 | - | - | - | Open
Tagbilaran Townhouse | New townhouse near the port | Newly built two-storey townhouse, five minutes from the Tagbilaran port.
  admin | - | Teresita Ramos | Andres Cruz | Tagbilaran City | 27 Carlos P. Garcia Avenue | Townhouse | Residential | rent 15000 | 80 | 2/2/95 | - | - | Occupied
Panglao Resort Lot | Lot near Alona Beach | Lot with coconut trees, a short walk from Alona Beach.
  admin | owner-agent | - | - | Panglao | Alona Beach Road | Land | Commercial | sale 21000000 | 1200 | - | - | - | Open
Davao Durian Farm | Producing durian farm near the city | Farm of grafted durian trees with a farmhouse and water rights.
  admin | - | Felipe Navarro | - | Davao City | Calinan Road | Land | Agricultural: Orchard | sale 12800000 | 30000 | - | - | - | Open
Lanang Condominium | Two-bedroom unit with a sea view | Unit near the Lanang business park, with a pool and a gym.
  admin | agent | Benjamin Aquino | - | Davao City | 5 J.P. Laurel Avenue | Condominium | Residential | rent 35000 | 70 | 2/2/70 | Fully Furnished | Swimming Pool, Gym | Occupied
Iloilo Business Park Office | Office floor in the business park | Fitted office space for a BPO or a regional office, with backup power.
  admin | - | - | - | Iloilo City | Megaworld Boulevard | Commercial Lot | Commercial | rent 180000 | 600 | - | - | - | Open
Baguio Pine Cottage | Cottage among the pines | Cottage with a fireplace, ten minutes from Session Road.
  admin | owner-agent | - | - | Baguio City | Outlook Drive | House | Residential | sale 14500000 | 250 | 3/2/150 | Fully Furnished | - | Sold
Tagaytay Ridge View House | Weekend house with a view of Taal | House on the ridge with a garden facing Taal Lake.
  admin | agent | - | - | Tagaytay City | Aguinaldo Highway | House | Residential | rent 60000 | 500 | 4/3/260 | Semi Furnished | Car Parking, Pets Allowed | Open
Batangas Rice Land | Irrigated rice land | Irrigated rice land with two harvests a year, on a barangay road.
  admin | - | - | - | Batangas City | Provincial Road | Land | Agricultural: Rice Land | sale 4500000 | 10000 | - | - | - | Archived
Santa Rosa Townhouse | Townhouse near the technopark | Two-bedroom townhouse in a family subdivision, near schools and the expressway.
  operator | agent | Benjamin Aquino | - | Santa Rosa City | Balibago Road | Townhouse | Residential | sale 4800000 | 70 | 2/1/85 | - | - | Open
Dumaguete Boulevard Apartment | Apartment on Rizal Boulevard | Apartment facing the sea, near the university.
  operator | - | - | - | Dumaguete City | Rizal Boulevard | Apartment | Residential | rent 16000 | 55 | 1/1/55 | Basic Furnishing | - | Pending
Puerto Princesa Bay Lot | Lot overlooking the bay | Titled lot on the bay road, fit for a small inn.
  operator | owner-agent | - | - | Puerto Princesa City | Rizal Avenue | Land | Residential | sale 8200000 | 900 | - | - | - | Open
Mandaluyong Shophouse | Ground-floor shop with living space | Shop on the ground floor and a two-bedroom home above, on a busy street.
  operator | - | Rosario Mendoza | - | Mandaluyong City | Boni Avenue | Commercial Lot | Commercial | rent 75000 | 120 | - | - | - | Occupied
Makati Penthouse | Penthouse with a private terrace | Three-bedroom penthouse with a terrace over the Makati skyline.
  operator | agent | Antonio Dela Cruz | Jose Santos | Makati City | Ayala Avenue | Condominium | Residential | sale 65000000 | 280 | 3/4/280 | Fully Furnished | Swimming Pool, Gym, Air Conditioning, Alarm | Open featured
Lapu-Lapu Warehouse Lot | Lot in the economic zone | Lot for a warehouse beside the Mactan economic zone.
  operator | - | - | - | Lapu-Lapu City | MEPZ Road | Commercial Lot | Commercial | sale 30000000 | 1500 | - | - | - | Sold
Quezon City Dormitory | Bed spaces near the universities | Apartment of bed spaces for students, near the universities of Diliman.
  operator | - | - | - | Quezon City | Katipunan Avenue | Apartment | Residential | rent 9000 | 40 | 1/1/40 | - | - | Suspended
Iloilo Heritage House | Restored ancestral house | Restored house of the 1920s with hardwood floors, near the old town.
  individual | - | - | - | Iloilo City | Calle Real | House | Residential | sale 16000000 | 600 | 5/3/420 | - | - | Open
Baguio Transient Apartment | Apartment for the cool season | Two-bedroom apartment with a view of the pines, near Burnham Park.
  individual | - | - | - | Baguio City | Leonard Wood Road | Apartment | Residential | rent 25000 | 65 | 2/1/65 | Fully Furnished | - | Open
Angeles Coconut Farm | Coconut plantation outside the city | Plantation of producing coconut trees, with a caretaker house.
  individual | - | - | - | Angeles City | Barangay Road | Land | Agricultural: Coconut Plantation | sale 9500000 | 20000 | - | - | - | Pending
Cebu Uptown Townhouse | Townhouse for lease near Fuente Osmeña | Three-storey townhouse for a long lease, near the hospitals of uptown Cebu.
  individual | - | - | - | Cebu City | Gorordo Avenue | Townhouse | Residential | rent 45000 | 85 | 3/3/150 | - | - | Occupied
`;

const none = (value: string) => (value === '-' ? null : value);

function parse(texts: string, facts: string): DemoListing {
  const [name, headline, description] = texts.split(' | ');
  const [
    owner,
    agent,
    seller,
    broker,
    town,
    street,
    type,
    classification,
    price,
    land,
    dwelling,
    furnishing,
    amenities,
    state,
  ] = facts.trim().split(' | ');
  const [kind, amount] = price!.split(' ');
  const [bedrooms, toilets, building] = dwelling === '-' ? [] : dwelling!.split('/').map(Number);
  const [status, featured] = state!.split(' ');
  if (!(PROPERTY_STATUSES as readonly string[]).includes(status!))
    throw new Error(`Demo listing ${name}: ${status}`);
  const [, house, streetName] = /^(\d+ )?(.*)$/.exec(street!)!;
  const [classificationName, agriType] = classification!.split(': ');
  return {
    name: name!,
    headline: headline!,
    description: description!,
    owner: owner!,
    agent: none(agent!),
    seller: none(seller!),
    broker: none(broker!),
    town: town!,
    house: house?.trim() ?? null,
    street: streetName!,
    type: type!,
    classification: classificationName!,
    agriType: agriType ?? null,
    sale: kind === 'sale' ? Number(amount) : null,
    rent: kind === 'rent' ? Number(amount) : null,
    land: Number(land),
    bedrooms: bedrooms ?? null,
    toilets: toilets ?? null,
    building: building ?? null,
    furnishing: none(furnishing!),
    amenities: amenities === '-' ? [] : amenities!.split(', '),
    status: status as PropertyStatus,
    featured: featured === 'featured',
  };
}

const rows = TABLE.trim().split('\n');
export const DEMO_LISTINGS: readonly DemoListing[] = rows.flatMap((texts, i) =>
  i % 2 === 0 ? [parse(texts, rows[i + 1]!)] : [],
);
