import { useEffect, useState } from 'react';
import type { useSearchParams } from 'react-router';
import { SEARCH_DEBOUNCE_MS } from '@app/contract';

/** Sets (or, when null or '', removes) URL search params, each name prefixed. */
export function setUrlParams(
  setSearchParams: ReturnType<typeof useSearchParams>[1],
  changes: Record<string, string | number | null>,
  replace = false,
  prefix = '',
): void {
  setSearchParams(
    (prev) => {
      const next = new URLSearchParams(prev);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '') next.delete(`${prefix}${name}`);
        else next.set(`${prefix}${name}`, String(value));
      }
      return next;
    },
    { replace },
  );
}

/**
 * A search box's text, debounced into the URL's `q` (back to page 1); it follows the URL when that
 * changes (Back/Forward).
 */
export function useDebouncedSearch(
  q: string,
  update: (changes: Record<string, string | number | null>, replace?: boolean) => void,
) {
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
