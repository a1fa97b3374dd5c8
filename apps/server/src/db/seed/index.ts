/**
 * Everything a new database gets, by concern: reference data (roles, permissions, grants and the
 * master tables; the geography lives in db/geography.ts), the first Super Admin, and the demo data.
 * main.ts runs them in this order at start-up; the tests and benchmarks import them from here.
 */
export { seedReferenceData, seedReferenceMasters } from './reference.ts';
export { ensureSuperAdmin, type AdminAccount } from './super-admin.ts';
export { DEMO_DOMAIN, seedDemoEntities, seedDemoUsers } from './demo.ts';
export { seedDemoListings } from './demo-listings.ts';
