import { useEffect, useState } from 'react';
import { NavigationType, useLocation, useNavigationType, useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '@app/contract';

export type UrlParamChanges = Record<string, string | number | null>;

/**
 * The page's URL search params and a setter that sets (or, when null or '', removes) some of them,
 * each name prefixed. The setter does nothing once the browser is on another page: a page stays on
 * screen while the next one loads, and a late write from it (a debounced search, a table event) would
 * otherwise replace the new page's search params with its own.
 */
export function useUrlParams(prefix = '') {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
  const update = (changes: UrlParamChanges, replace = false): void => {
    if (window.location.pathname !== pathname) return;
    setUrlParams(setSearchParams, changes, replace, prefix);
  };
  return [searchParams, update] as const;
}

/** The search params last asked for, and the URL they were asked from, until the router has moved. */
let lastWrite: { from: string; to: string } | null = null;

/**
 * Starts from the latest URL, not from react-router's functional setter: that one starts from the
 * params of the render it was made in, so a second change made before the page re-renders (a filter
 * chosen while the first is still rendering) would drop the first. The router moves a few microtasks
 * after it is asked, so a change asked for in the same tick starts from the one before it.
 */
function setUrlParams(
  setSearchParams: ReturnType<typeof useSearchParams>[1],
  changes: UrlParamChanges,
  replace: boolean,
  prefix: string,
): void {
  const here = window.location.pathname + window.location.search;
  const next = new URLSearchParams(lastWrite?.from === here ? lastWrite.to : window.location.search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(`${prefix}${name}`);
    else next.set(`${prefix}${name}`, String(value));
  }
  lastWrite = { from: here, to: next.toString() };
  setSearchParams(next, { replace });
}

/**
 * A search box's text, debounced into the URL's `q` (back to page 1); it follows the URL when that
 * changes (Back/Forward).
 */
export function useDebouncedSearch(q: string, update: (changes: UrlParamChanges, replace?: boolean) => void) {
  const [input, setInput] = useState(q);
  const [seenQ, setSeenQ] = useState(q);
  if (q !== seenQ) {
    setSeenQ(q);
    setInput(q);
  }
  useEffect(() => {
    if (input.trim() === q) return;
    const timer = setTimeout(() => update({ q: input.trim(), page: null }, true), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- update is recreated each render
  }, [input, q]);
  return [input, setInput] as const;
}

/**
 * A checkbox kept in the URL as `name=1` (with `reset`, as page: null, set on each click) that shows a
 * click at once. The router moves the URL a moment after it is asked; a box checked from the URL alone
 * showed the old state until then, and a second quick click repeated the first (off, on, off ended on).
 * The click holds until the URL reaches it; Back/Forward and a link set the box from the URL.
 */
export function useUrlFlag(
  name: string,
  update: (changes: UrlParamChanges) => void,
  reset: UrlParamChanges = {},
) {
  const [params] = useSearchParams();
  const { key } = useLocation();
  const navigationType = useNavigationType();
  const inUrl = params.get(name) === '1';
  const [clicked, setClicked] = useState<boolean | null>(null);
  const [seenKey, setSeenKey] = useState(key);
  if (key !== seenKey) {
    setSeenKey(key);
    if (clicked === inUrl || navigationType === NavigationType.Pop) setClicked(null);
  }
  const set = (on: boolean) => {
    setClicked(on);
    update({ ...reset, [name]: on ? 1 : null });
  };
  return [clicked ?? inUrl, set] as const;
}
