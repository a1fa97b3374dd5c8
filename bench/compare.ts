/**
 * `npm run bench:compare -- <dir>`: is this checkout slower than another one? <dir> holds the other
 * commit with its own node_modules (`git worktree add /tmp/base <commit> && (cd /tmp/base && npm ci)`).
 * Both servers run at once on the marketplace `npm run bench:data` left, and every list and report page
 * (first and searched, as each user whose rows differ: bench/lib.ts pageCases) is asked of one server,
 * then of the other, in turns: a machine busy with something else slows both alike, so the ratio holds
 * where two separate `npm run bench` runs would not.
 *
 *   npm run bench:compare -- /tmp/base
 *   BENCH_N=100 npm run bench:compare -- /tmp/base
 *   BENCH_PAGES=allproperty,GetSeller npm run bench:compare -- /tmp/base   (those lists only)
 *
 *   BENCH_COMPARE=saves npm run bench:compare -- /tmp/base   (the saves instead, 100 each)
 *
 * Writes bench/results/compare-<date>.md (compare-saves-<date>.md) and prints it. A row is "slower"
 * when its median is more than 20 % and 1 ms above the other's.
 */
import path from 'node:path';
import { execSync } from 'node:child_process';
import { sql } from 'kysely';
import { ROLE } from '@app/contract';
import { signInPageUsers } from './data.ts';
import {
  apiClient,
  environment,
  f,
  measureInTurns,
  N,
  openMarketplace,
  pageCases,
  fanOutsWritten,
  roomForListings,
  savePayloads,
  savePlaces,
  startServerProcess,
  writeReport,
  type PageAs,
} from './lib.ts';

const other = process.argv[2];
if (!other) throw new Error('Usage: npm run bench:compare -- <checkout of the commit to compare with>');
const otherRoot = path.resolve(other);
type Api = ReturnType<typeof apiClient>;
const commitOf = (dir: string) => execSync('git rev-parse --short HEAD', { cwd: dir }).toString().trim();

const { url, db, one, embedded, close } = await openMarketplace();
const servers = await Promise.all([startServerProcess(url), startServerProcess(url, {}, otherRoot)]);
try {
  const [here, there] = servers.map((s) => apiClient(s.base)) as [Api, Api];
  // Sessions live in the database, so one sign-in serves both servers.
  const { users, market } = await signInPageUsers(here, { db, one });
  const only = process.env.BENCH_PAGES?.split(',');
  const savesOnly = process.env.BENCH_COMPARE === 'saves';
  const n = savesOnly ? Math.min(N, 100) : N;
  /** Each case: how to ask it of a server, and who asks. Saves make a new record each time. */
  let cases: {
    label: string;
    as: PageAs;
    ask: (api: Api) => Promise<unknown>;
    settle?: () => Promise<unknown>;
  }[];
  if (savesOnly) {
    // As bench.ts times them: the Super Admin and an Agent with room for more open listings.
    await sql`UPDATE users SET open_property_limit = 999 WHERE role_id = ${ROLE.SuperAdmin}`.execute(db);
    await roomForListings(db, market.agent.user_id);
    const saves = savePayloads(await savePlaces(one));
    // Each row starts once the new users' notifications of the rows before are written (decision 58),
    // and new users are saved one at a time, as bench.ts times them: else those writes, a third of a
    // second each at ten million listings, take the machine from the saves after them.
    const written = () => fanOutsWritten(one);
    const saveCase = (call: keyof typeof saves, as: PageAs) => ({
      label: `${call}${as === 'Super Admin' ? '' : `, as an ${as}`}`,
      as,
      ask: (api: Api) => api.post(call, saves[call](), users[as]),
      ...(call === 'SaveUser' && { settle: written }),
    });
    cases = [
      ...(['saveproperty', 'saveSeller', 'SaveBarangay'] as const).map((call) =>
        saveCase(call, 'Super Admin'),
      ),
      saveCase('saveproperty', 'Agent'),
      saveCase('SaveUser', 'Super Admin'),
    ];
  } else {
    cases = pageCases()
      .filter((c) => !only || only.includes(c.call))
      .map((c) => ({ label: c.label, as: c.as, ask: (api: Api) => api.get(c.url, users[c.as]) }));
  }
  // A new process runs its code slowly until V8 has compiled it: every case a few times first.
  for (let pass = 0; pass < 3; pass++)
    for (const c of cases) for (const api of [here, there]) await c.ask(api);

  const lines: string[] = [];
  let slower = 0;
  for (const c of cases) {
    if (savesOnly) await fanOutsWritten(one);
    const [mine, theirs] = await measureInTurns(
      () => c.ask(here),
      () => c.ask(there),
      n,
      c.settle,
    );
    const worse = mine.median > theirs.median * 1.2 && mine.median - theirs.median > 1;
    if (worse) slower += 1;
    const line =
      `| ${c.label} | ${c.as} | ${f(theirs.median)} | ${f(mine.median)} | ${f(theirs.p95)} | ` +
      `${f(mine.p95)} | ${(mine.median / theirs.median).toFixed(2)} | ${worse ? '✗ slower' : ''} |`;
    lines.push(line);
    console.log(line);
  }
  const ratios = lines.map((l) => Number(l.split('|')[7]));
  ratios.sort((a, b) => a - b);
  const report = [
    `# This checkout against ${commitOf(otherRoot)} (${otherRoot}), ${savesOnly ? 'the saves' : 'every list and report page'}`,
    '',
    ...(await environment(db, !!embedded)),
    `- Both servers at once on one database; each row asked of both in turns, each first every other time, ${n} times after the warm-up.`,
    `- ${cases.length} rows; median ratio this / other ${ratios[Math.floor(ratios.length / 2)]!.toFixed(2)}; ` +
      `slower (median > 1.2× and > 1 ms above): ${slower}.`,
    '',
    `| ${savesOnly ? 'Save' : 'Page'} | As | Other median ms | This median ms | Other p95 ms | This p95 ms | This / other | |`,
    '|---|---|---:|---:|---:|---:|---:|---|',
    ...lines,
  ];
  writeReport(savesOnly ? 'compare-saves' : 'compare', report);
} finally {
  await Promise.all(servers.map((s) => s.stop()));
  await close();
}
