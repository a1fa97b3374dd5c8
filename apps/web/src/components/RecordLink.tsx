import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import type { RecordKind } from '@app/contract';
import { usePermissions } from '../lib/permissions.ts';
import { RECORD_PAGES } from '../lib/record-pages.ts';

/**
 * A cell's name of a record: a real link to the record's page (Tab, Enter, a new tab) when the viewer
 * may open that page and the row carries the id; else the name as text.
 */
export function RecordLink({ kind, id, children }: { kind: RecordKind; id: unknown; children: string }) {
  const { has } = usePermissions();
  const page = RECORD_PAGES[kind];
  if (typeof id !== 'number' || !page.needs.every(has)) return <>{children}</>;
  return (
    <Link component={RouterLink} to={page.path(id)} underline="hover">
      {children}
    </Link>
  );
}
