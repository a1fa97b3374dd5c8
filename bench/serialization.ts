/**
 * Serialization of answers (issue 19 item 1): each call's declared answer is compiled into
 * fast-json-stringify (apps/server/src/lib/answers.ts, compileAnswer, as app.ts registers it), instead
 * of the JSON.stringify Fastify uses for a route without a response schema. This times the two on the
 * same real answers: the server is built in-process (buildApp) on the marketplace `npm run bench:data`
 * left, each call's handler wrapped so that the very value it returns (Dates, undeclared fields and
 * all) is kept, and the request made as the Super Admin through app.inject. For each answer: µs per
 * answer with JSON.stringify and with the compiled serializer (the median CPU time of alternating timed
 * rounds, after a warm-up), their ratio, the bytes each writes, whether the two JSON.parse to the same value
 * (and where they differ), and whether the compiled output is the body the server sent.
 *
 * The ratios, not the times, are the result: both run in the same process, in turns, on the same value.
 *
 *   npm run bench:serialization
 *   DATABASE_URL=… npx tsx bench/serialization.ts
 *
 * Also run at the end of `npm run bench`. Writes bench/results/serialization-<date>.md and prints it.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'kysely';
import { z } from 'zod';
import { buildApp } from '../apps/server/src/app.ts';
import { calls } from '../apps/server/src/calls/index.ts';
import type { AnyCall } from '../apps/server/src/calls/registry.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { compileAnswer } from '../apps/server/src/lib/answers.ts';
import { createMailer } from '../apps/server/src/lib/mail.ts';
import { describeMarketplace, readMarketplace } from './data.ts';
import { BENCH_ADMIN, callUrl, environment, openMarketplace, REPORT_CASES, writeReport } from './lib.ts';

/** Timed rounds per serializer (they alternate), and the wall-clock length of one round. */
const ROUNDS = Number(process.env.BENCH_SERIALIZATION_ROUNDS ?? 40);
const ROUND_MS = 20;
const WARMUP_MS = 300;
/** Passes over all the answers (each pass times every answer again, in the same order). */
const PASSES = Number(process.env.BENCH_SERIALIZATION_PASSES ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const { db, one, embedded, close } = await openMarketplace();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-bench-serialization-'));

/** What each call's handler returned last, by call name: the value Fastify then serialized. */
const returned = new Map<string, unknown>();
const capturing: AnyCall[] = calls.map((call) => ({
  ...call,
  handle: async (ctx: Parameters<AnyCall['handle']>[0]) => {
    const value: unknown = await call.handle(ctx);
    returned.set(call.name, value);
    return value as never;
  },
}));

/** Runs `fn` `n` times; the total length of what it wrote (kept, so that no call is optimised away). */
let sink = 0;
const runMany = (fn: (v: unknown) => string, value: unknown, n: number) => {
  let total = 0;
  for (let i = 0; i < n; i++) total += fn(value).length;
  sink += total;
};

/**
 * µs per call of each of `fns` on `value`, after a warm-up: ROUNDS rounds of ~ROUND_MS, the functions in
 * turns. `cpu` is the median of the process CPU time a call took in each round (what a busy, shared
 * machine disturbs least: time the process spent waiting for a core is not counted); `best` the
 * fastest round by the wall clock (the least disturbed one).
 */
function timeInTurns(fns: ((v: unknown) => string)[], value: unknown): { cpu: number; best: number }[] {
  const perRound = fns.map((fn) => {
    // Warm-up, which also tells how many calls fill a round.
    let n = 0;
    const start = performance.now();
    while (performance.now() - start < WARMUP_MS) {
      runMany(fn, value, 10);
      n += 10;
    }
    return Math.max(1, Math.round((n * ROUND_MS) / WARMUP_MS));
  });
  const cpu: number[][] = fns.map(() => []);
  const wall: number[][] = fns.map(() => []);
  for (let round = 0; round < ROUNDS; round++)
    for (const [i, fn] of fns.entries()) {
      const [cpuStart, start] = [process.cpuUsage(), performance.now()];
      runMany(fn, value, perRound[i]!);
      const [elapsed, used] = [performance.now() - start, process.cpuUsage(cpuStart)];
      wall[i]!.push((elapsed * 1000) / perRound[i]!);
      cpu[i]!.push((used.user + used.system) / perRound[i]!);
    }
  return fns.map((_, i) => ({
    cpu: cpu[i]!.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!,
    best: Math.min(...wall[i]!),
  }));
}

/** Where two parsed answers differ, as paths (array indexes shown as []), each once. */
function differences(a: unknown, b: unknown, at = '$', out = new Set<string>()): Set<string> {
  if (out.size >= 20 || isDeepStrictEqual(a, b)) return out;
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.add(`${at}: ${a.length} items against ${b.length}`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) differences(a[i], b[i], `${at}[]`, out);
  } else if (a && b && typeof a === 'object' && typeof b === 'object') {
    const [ao, bo] = [a as Record<string, unknown>, b as Record<string, unknown>];
    for (const k of new Set([...Object.keys(ao), ...Object.keys(bo)])) {
      if (!(k in bo)) out.add(`${at}.${k}: dropped by the compiled serializer`);
      else if (!(k in ao)) out.add(`${at}.${k}: only in the compiled output`);
      else differences(ao[k], bo[k], `${at}.${k}`, out);
    }
  } else out.add(`${at}: ${JSON.stringify(a)?.slice(0, 40)} against ${JSON.stringify(b)?.slice(0, 40)}`);
  return out;
}

/** The first array in an answer (its rows: a page's data, a lookup's list), breadth first. */
function firstArray(value: unknown): unknown[] | undefined {
  let level: unknown[] = [value];
  for (let depth = 0; depth < 4 && level.length; depth++) {
    const found = level.find((v): v is unknown[] => Array.isArray(v));
    if (found) return found;
    level = level.flatMap((v) => (v && typeof v === 'object' ? Object.values(v) : []));
  }
  return undefined;
}

/** How many anyOf/oneOf the serializer compiles from a declared answer (as compileAnswer converts it). */
const unions = (schema: unknown) =>
  JSON.stringify(z.toJSONSchema(schema as z.ZodType, { io: 'output', unrepresentable: 'any' })).match(
    /"(anyOf|oneOf)"/g,
  )?.length ?? 0;

/** The first object (depth first) whose keys come in another order, with both orders. */
function keyOrder(a: unknown, b: unknown, at = '$'): string | null {
  if (!a || !b || typeof a !== 'object' || typeof b !== 'object') return null;
  const [ka, kb] = [Object.keys(a), Object.keys(b)];
  if (!Array.isArray(a) && ka.join() !== kb.join())
    return `${at}: ${ka.join(', ')} (JSON.stringify) against ${kb.join(', ')} (compiled)`;
  for (const k of ka) {
    const found = keyOrder(
      (a as Record<string, unknown>)[k],
      (b as Record<string, unknown>)[k],
      Array.isArray(a) ? `${at}[${k}]` : `${at}.${k}`,
    );
    if (found) return found;
  }
  return null;
}

interface Row {
  label: string;
  call: string;
  declared: boolean;
  items: number | null;
  /** anyOf/oneOf in the declared answer's JSON Schema: each is a run-time type test in the serializer. */
  anyOf: number | null;
  bytesStringify: number;
  bytesCompiled: number | null;
  usStringify: number;
  usCompiled: number | null;
  /** JSON.stringify's CPU time over the compiled serializer's; above 1, the compiled one is faster. */
  ratio: number | null;
  /** The same, each pass. */
  passRatios: number[];
  /** The same from each one's fastest round of all passes by the wall clock: a second estimate. */
  bestRatio: number | null;
  equal: boolean | null;
  sameText: boolean | null;
  wire: 'compiled' | 'JSON.stringify' | 'other';
  differences: string[];
}

const config = {
  ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ADMIN_EMAIL: BENCH_ADMIN.email }),
  dataDir,
};
const app = await buildApp({ db, config, mailer: createMailer(config) }, capturing);
try {
  const login = await app.inject({
    method: 'POST',
    url: '/api/webValidateLogin',
    payload: { email: BENCH_ADMIN.email, password: BENCH_ADMIN.password },
  });
  const { token } = login.json<{ token?: string }>();
  if (!token) throw new Error(`sign-in failed: ${login.statusCode} ${login.body.slice(0, 300)}`);
  const market = await readMarketplace({ db, one });
  const ids = await one(sql<{ property: number; province: number; qc: number }>`SELECT
    (SELECT min(property_id) FROM property_amenities) AS property,
    (SELECT province_id FROM provinces WHERE province_name = 'Cebu') AS province,
    (SELECT town_id FROM towns WHERE town_name = 'Quezon City') AS qc`);
  const report = 'getOpenPendingPropertyReport';
  const cases: { label: string; call: string; params?: Record<string, string | number> }[] = [
    { label: 'allproperty, 50 a page', call: 'allproperty', params: { itemsPerPage: 50 } },
    { label: 'GetUser, 50 a page', call: 'GetUser', params: { itemsPerPage: 50 } },
    {
      label: `${report}, 50 a page`,
      call: report,
      params: { ...REPORT_CASES[report]?.params, itemsPerPage: 50 },
    },
    { label: 'GetUserReport, 50 a page', call: 'GetUserReport', params: { itemsPerPage: 50 } },
    { label: 'GetProvinceWithoutPagination (whole list)', call: 'GetProvinceWithoutPagination' },
    {
      label: 'GetBarangayWithoutPagination, Quezon City (whole list)',
      call: 'GetBarangayWithoutPagination',
      params: { townId: ids.qc },
    },
    { label: 'GetPropertyById', call: 'GetPropertyById', params: { id: ids.property } },
    { label: 'GetUserById', call: 'GetUserById', params: { user_id: market.agent.user_id } },
  ];

  const rows: Row[] = [];
  const prepared: { value: unknown; fns: ((v: unknown) => string)[] }[] = [];
  for (const c of cases) {
    const call = calls.find((x) => x.name === c.call);
    if (!call) {
      console.log(`${c.label}: no such call registered, left out`);
      continue;
    }
    returned.delete(c.call);
    const res = await app.inject({
      method: 'GET',
      url: `/api/${callUrl(c.call, c.params)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.statusCode !== 200) throw new Error(`${c.label}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    if (!returned.has(c.call)) throw new Error(`${c.label}: the handler's value was not captured`);
    const value = returned.get(c.call);
    const stringify = (v: unknown) => JSON.stringify(v);
    const compiled = call.response ? compileAnswer({ schema: call.response }) : null;
    const plain = stringify(value);
    const fast = compiled?.(value) ?? null;
    const list = firstArray(value);
    prepared.push({ value, fns: compiled ? [stringify, compiled] : [stringify] });
    rows.push({
      label: c.label,
      call: c.call,
      declared: !!compiled,
      items: list?.length ?? null,
      anyOf: call.response ? unions(call.response) : null,
      bytesStringify: Buffer.byteLength(plain),
      bytesCompiled: fast === null ? null : Buffer.byteLength(fast),
      usStringify: NaN,
      usCompiled: null,
      ratio: null,
      passRatios: [],
      bestRatio: null,
      equal: fast === null ? null : isDeepStrictEqual(JSON.parse(plain), JSON.parse(fast)),
      sameText: fast === null ? null : plain === fast,
      wire: res.body === fast ? 'compiled' : res.body === plain ? 'JSON.stringify' : 'other',
      differences:
        fast === null
          ? []
          : [
              ...differences(JSON.parse(plain), JSON.parse(fast)),
              ...[keyOrder(JSON.parse(plain), JSON.parse(fast))].filter((x) => x !== null),
            ],
    });
  }
  // Every answer timed once a pass, PASSES times: a result that changes from pass to pass shows.
  const timings = prepared.map(() => [] as { cpu: number; best: number }[][]);
  for (let pass = 1; pass <= PASSES; pass++)
    for (const [i, p] of prepared.entries()) {
      const t = timeInTurns(p.fns, p.value);
      timings[i]!.push(t);
      const r = rows[i]!;
      console.log(
        `pass ${pass}, ${r.label}: ${t[0]!.cpu.toFixed(1)} µs JSON.stringify, ` +
          (t[1]
            ? `${t[1].cpu.toFixed(1)} µs compiled, ${(t[0]!.cpu / t[1].cpu).toFixed(2)}×`
            : 'no declared answer'),
      );
    }
  for (const [i, r] of rows.entries()) {
    const t = timings[i]!;
    r.usStringify = median(t.map((p) => p[0]!.cpu));
    if (!r.declared) continue;
    r.usCompiled = median(t.map((p) => p[1]!.cpu));
    r.passRatios = t.map((p) => p[0]!.cpu / p[1]!.cpu);
    r.ratio = median(r.passRatios);
    r.bestRatio = Math.min(...t.map((p) => p[0]!.best)) / Math.min(...t.map((p) => p[1]!.best));
  }

  const us = (x: number | null) => (x === null ? '–' : x.toFixed(1));
  const ops = (x: number | null) => (x === null ? '–' : Math.round(1e6 / x).toLocaleString('en-US'));
  const times = (x: number | null) => (x === null ? '–' : `${x.toFixed(2)}×`);
  const verdict = (r: Row) => (r.ratio === null ? 'not declared' : r.ratio >= 1 ? 'faster' : '**slower**');
  const declared = rows.filter((r) => r.ratio !== null);
  const slower = declared.filter((r) => r.ratio! < 1);
  const unsteady = declared.filter((r) => r.ratio! >= 1 && r.passRatios.some((x) => x < 1));
  const lines = [
    `# Serialization: JSON.stringify against the compiled answer serializer, ${new Date().toISOString().slice(0, 10)}`,
    '',
    ...(await environment(db, !!embedded)),
    describeMarketplace(market),
    `- bench/serialization.ts: the server built in-process on that data, each handler's own return value ` +
      `captured (as Fastify receives it, before serialization), asked for as the Super Admin. Each value ` +
      `serialized by JSON.stringify and by compileAnswer(call.response) (what app.ts registers as the ` +
      `route's serializer), as compiled once, like the route's. Each answer: ${WARMUP_MS} ms of warm-up, then ` +
      `${ROUNDS} rounds of ~${ROUND_MS} ms, the two in turns, the median of the process CPU time a call took ` +
      `(time spent waiting for a core is not counted); all answers so, ${PASSES} passes over. µs per answer ` +
      `(and answers/s): the median of the passes. "× (CPU)": JSON.stringify's time over the compiled one's, ` +
      `the median of the passes' ratios ("× each pass"); "× (best round)": the same from each one's fastest ` +
      `round of all passes by the wall clock. Above 1: the compiled serializer is faster.`,
    `- Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(', ')} on ${os.cpus().length} cores.`,
    '',
    '| Answer | Items | anyOf in schema | Bytes (JSON.stringify) | Bytes (compiled) | µs JSON.stringify | µs compiled | answers/s JSON.stringify | answers/s compiled | × (CPU) | × each pass | × (best round) | Verdict | Same value | Same text | Sent by the server |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.label} | ${r.items ?? '–'} | ${r.anyOf ?? '–'} | ${r.bytesStringify} | ${r.bytesCompiled ?? '–'} | ` +
        `${us(r.usStringify)} | ${us(r.usCompiled)} | ${ops(r.usStringify)} | ${ops(r.usCompiled)} | ` +
        `${times(r.ratio)} | ${r.passRatios.map((x) => x.toFixed(2)).join(', ') || '–'} | ` +
        `${times(r.bestRatio)} | ${verdict(r)} | ` +
        `${r.equal === null ? '–' : r.equal ? 'yes' : 'no'} | ${r.sameText === null ? '–' : r.sameText ? 'yes' : 'no'} | ${r.wire} |`,
    ),
    '',
    `Compiled faster on ${declared.length - slower.length} of ${declared.length} declared answers` +
      (slower.length
        ? `; **slower** on ${slower.map((r) => `${r.label} (${r.ratio!.toFixed(2)}×)`).join(', ')}.`
        : '.') +
      (unsteady.length
        ? ` Slower in some pass though faster at the median: ${unsteady
            .map((r) => `${r.label} (${r.passRatios.map((x) => x.toFixed(2)).join(', ')})`)
            .join(', ')}.`
        : '') +
      (rows.length > declared.length
        ? ` Not declared yet (served by JSON.stringify, nothing to compare): ${rows
            .filter((r) => r.ratio === null)
            .map((r) => r.call)
            .join(', ')}.`
        : ''),
    '',
    '## Where the two differ',
    '',
    ...rows
      .filter((r) => r.declared && !r.sameText)
      .flatMap((r) => [
        `- ${r.label}: ${r.equal ? 'the same value, the keys in another order' : 'different values'}` +
          (r.differences.length ? `: ${r.differences.join('; ')}` : ''),
      ]),
    ...(rows.every((r) => !r.declared || r.sameText) ? ['- Nowhere: the same text for every answer.'] : []),
    '',
  ];
  console.log(`\n${lines.join('\n')}`);
  if (sink < 0) console.log(sink);
  writeReport('serialization', lines);
} finally {
  await app.close();
  await close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
