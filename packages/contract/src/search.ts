import { z } from 'zod';
import { declareCalls } from './calls.ts';
import { coercedNumber, storable } from './common.ts';

/**
 * Global search (Ctrl-K): the kinds of record it finds, in the order the answer groups them. Each kind
 * is the rows of one list (decision 44): its scope, its search, and only for those who may open it.
 */
export const SEARCH_KINDS = ['listing', 'user', 'seller', 'agency', 'broker', 'brokerAssociation'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The heading of each kind's group. */
export const SEARCH_KIND_LABELS: Readonly<Record<SearchKind, string>> = {
  listing: 'Listings',
  user: 'Users',
  seller: 'Sellers',
  agency: 'Agencies',
  broker: 'Brokers',
  brokerAssociation: 'Broker associations',
};

/** Hits per kind: the default and the most one may ask for. */
export const SEARCH_HITS = { default: 5, max: 10 } as const;
/**
 * The text must hold this many letters or digits in a row: the trigram indexes find the matches of
 * such a text; shorter ones match almost everything and no index helps.
 */
export const SEARCH_MIN_LENGTH = 3;
export const SEARCH_MAX_LENGTH = 100;
/** Whether a text is long enough to search (SEARCH_MIN_LENGTH letters or digits in a row). */
export const SEARCHABLE = new RegExp(`[\\p{L}\\p{N}]{${SEARCH_MIN_LENGTH}}`, 'u');

export const globalSearchQuery = z.object({
  q: storable(
    z
      .string({ error: 'q is required' })
      .trim()
      .max(SEARCH_MAX_LENGTH, `At most ${SEARCH_MAX_LENGTH} characters`)
      .regex(SEARCHABLE, `Type at least ${SEARCH_MIN_LENGTH} letters or digits in a row`),
  ),
  limit: coercedNumber('limit must be a number', (n) =>
    n
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(SEARCH_HITS.max, `limit must be at most ${SEARCH_HITS.max}`)
      .default(SEARCH_HITS.default),
  ),
});

/** One record found: its id (the web links it to the kind's page), what to show, and a second line. */
export const searchHit = z.object({
  id: z.number().int(),
  title: z.string(),
  subtitle: z.string(),
});
export type SearchHit = z.output<typeof searchHit>;

export const searchGroup = z.object({ kind: z.enum(SEARCH_KINDS), hits: z.array(searchHit) });
export type SearchGroup = z.output<typeof searchGroup>;

export const searchApi = declareCalls({
  globalSearch: {
    method: 'GET',
    input: globalSearchQuery,
    /** One group per kind the caller may open, in SEARCH_KINDS order, empty ones included. */
    response: z.object({ groups: z.array(searchGroup) }),
  },
});
