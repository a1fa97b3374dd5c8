import type { ColumnDef } from '../../components/ServerTable.tsx';
import Link from '@mui/material/Link';
import type { ReportColumn, ReportDefinition, ReportRow } from '@app/contract';

/** A report's row, as the catalogue declares it (reportRow): any report's fields, by name. */
export type { ReportRow };

const MANILA_PARTS = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Manila',
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The Manila day and time of a timestamp: {day, month, year, hour, minute}, or null. */
function manilaParts(value: unknown): Record<string, string> | null {
  if (value === null || value === undefined || value === '') return null;
  const date = new Date(value as string);
  if (Number.isNaN(date.getTime())) return null;
  return Object.fromEntries(MANILA_PARTS.formatToParts(date).map((p) => [p.type, p.value]));
}

/** DD/MM/YYYY: a calendar date ('2026-01-31') as it is, a timestamp by its Manila day; '' for none. */
export function formatDate(value: unknown): string {
  const plain = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (plain) return `${plain[3]}/${plain[2]}/${plain[1]}`;
  const p = manilaParts(value);
  return p ? `${p.day}/${p.month}/${p.year}` : '';
}

/** DD/MM/YYYY HH:mm in Manila; '' for none. */
export function formatDateTime(value: unknown): string {
  const p = manilaParts(value);
  return p ? `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}` : '';
}

const MIN_WIDTH = { text: 130, number: 90, date: 110, datetime: 150, link: 160 } as const;

function column(c: ReportColumn): ColumnDef<ReportRow> {
  const type = c.type ?? 'text';
  const base: ColumnDef<ReportRow> = {
    field: c.field,
    headerName: c.header,
    sortable: c.sortable !== false,
    flex: c.flex ?? 1,
    minWidth: MIN_WIDTH[type],
  };
  switch (type) {
    case 'number':
      return { ...base, align: 'right', headerAlign: 'right' };
    case 'date':
      return { ...base, valueFormatter: (value) => formatDate(value) };
    case 'datetime':
      return { ...base, valueFormatter: (value) => formatDateTime(value) };
    case 'link':
      return {
        ...base,
        renderCell: ({ value }) =>
          value ? (
            <Link href={String(value)} target="_blank" rel="noopener" underline="hover">
              {String(value)}
            </Link>
          ) : null,
      };
    default:
      return base;
  }
}

/** The grid columns of a report, from its catalogue entry. */
export const reportColumns = (def: ReportDefinition): ColumnDef<ReportRow>[] => def.columns.map(column);
