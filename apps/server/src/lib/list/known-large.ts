import type { Compilable } from 'kysely';

/**
 * How long a count found past EXACT_COUNT_LIMIT is taken as still past it. Counting a common word's
 * first 10,001 matches costs a few hundred milliseconds at ten million listings, however they are
 * found: a trigram index gathers every candidate (a million for 'santos' among listings, half a
 * second), a walk reads ten thousand matching rows or more. The total shown beyond the limit is the
 * planner's estimate anyway; what this skips is only learning again that the limit is passed, when the
 * same search is paged, sorted or asked again. A search whose matches fall to 10,000 or fewer is
 * counted exactly again within this time.
 */
export const KNOWN_LARGE_MS = 60_000;
/** At most this many counts are kept (the oldest is forgotten first). */
const KEPT = 1_000;

/** Each count's key (countKey) → until when it is taken as past the limit. */
const largeUntil = new Map<string, number>();

/** What names a count: its statement with its parameters (the search, the filters, the caller's scope). */
export const countKey = (count: Compilable): string => {
  const { sql, parameters } = count.compile();
  return JSON.stringify([sql, parameters]);
};

/** Whether the count named `key` passed the limit within KNOWN_LARGE_MS. */
export function knownLarge(key: string): boolean {
  const until = largeUntil.get(key);
  if (until === undefined) return false;
  if (until > Date.now()) return true;
  largeUntil.delete(key);
  return false;
}

/** Remembers that the count named `key` passed the limit. */
export function rememberLarge(key: string): void {
  largeUntil.delete(key);
  largeUntil.set(key, Date.now() + KNOWN_LARGE_MS);
  if (largeUntil.size > KEPT) largeUntil.delete(largeUntil.keys().next().value!);
}

/**
 * A search that both the planner and the share of the list's newest rows it matches expect to match
 * this many rows or more is not counted at all: its estimate is taken as it would be past the limit
 * (decision 66). Ten times EXACT_COUNT_LIMIT, so that an expectation ten times too high would still
 * not hide an exact total; bench/estimates.ts measures how far off the two are.
 */
export const TRUSTED_ESTIMATE = 100_000;
