import { SEARCH_KIND_LABELS, type SearchKind } from '@app/contract';
import { ORGANISATIONS } from '../../features/organisations/definitions.ts';
import { propertyFormPath } from '../../features/properties/paths.ts';
import { sellerFormPath } from '../../features/sellers/seller.ts';
import { ADD_USER_PATH, HOME } from '../../lib/paths.ts';
import { APP_ROUTES } from '../routes.tsx';

/** Where a record found by the global search opens: its own page (the one its list opens). */
export const RECORD_PATHS: Readonly<Record<SearchKind, (id: number) => string>> = {
  listing: propertyFormPath,
  user: (id) => `${ADD_USER_PATH}?userId=${id}`,
  seller: sellerFormPath,
  agency: ORGANISATIONS.agency.formPath,
  broker: ORGANISATIONS.broker.formPath,
  brokerAssociation: ORGANISATIONS.brokerAssociation.formPath,
};

/** One row of the results: a screen or a record, with where it leads. */
export interface SearchTarget {
  key: string;
  title: string;
  subtitle: string;
  to: string;
}
export interface TargetGroup {
  label: string;
  targets: SearchTarget[];
}

/**
 * The screens whose menu entry or title holds the text, among those the user may open (`has`): the
 * side menu's entries, from the same route table, so the search offers exactly what the menu does.
 */
export function matchingScreens(text: string, has: (route: (typeof APP_ROUTES)[number]) => boolean) {
  const needle = text.trim().toLowerCase();
  if (!needle) return [];
  return APP_ROUTES.filter((r) => r.menu && has(r)).flatMap((r) =>
    r.menu!.some((m) => m.label.toLowerCase().includes(needle)) || r.title.toLowerCase().includes(needle)
      ? [{ key: `screen-${r.path}`, title: r.menu![0]!.label, subtitle: r.section, to: `${HOME}/${r.path}` }]
      : [],
  );
}

export const recordGroup = (kind: SearchKind, hits: { id: number; title: string; subtitle: string }[]) => ({
  label: SEARCH_KIND_LABELS[kind],
  targets: hits.map((h) => ({
    key: `${kind}-${h.id}`,
    title: h.title,
    subtitle: h.subtitle,
    to: RECORD_PATHS[kind](h.id),
  })),
});
