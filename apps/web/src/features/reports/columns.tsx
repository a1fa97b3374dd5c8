import type { ColumnDef } from '../../components/ServerTable.tsx';
import Link from '@mui/material/Link';
import type { ReportColumn, ReportDefinition, ReportRow } from '@app/contract';
import { RecordLink } from '../../components/RecordLink.tsx';
import { formatDate, formatDateTime, formatMoney, isNoValue } from '../../lib/format.ts';

/** A report's row, as the catalogue declares it (reportRow): any report's fields, by name. */
export type { ReportRow };

// A date and time (DD/MM/YYYY HH:mm) is 112 px of text: with the cell's padding, 132 shows it whole, and
// Property Tracking's nine columns then fit the 1440 px window (issue 21 item 9).
const MIN_WIDTH = { text: 110, number: 90, money: 120, date: 110, datetime: 132, link: 160 } as const;

function column(c: ReportColumn): ColumnDef<ReportRow> {
  const type = c.type ?? 'text';
  const base: ColumnDef<ReportRow> = {
    field: c.field,
    headerName: c.header,
    sortable: c.sortable !== false,
    flex: c.flex ?? 1,
    minWidth: MIN_WIDTH[type],
  };
  const { record } = c;
  if (record)
    return {
      ...base,
      renderCell: ({ value, row }) =>
        isNoValue(value) ? null : (
          <RecordLink kind={record.kind} id={row[record.idField]}>
            {String(value)}
          </RecordLink>
        ),
    };
  switch (type) {
    case 'number':
      return { ...base, align: 'right', headerAlign: 'right' };
    case 'money':
      return { ...base, align: 'right', headerAlign: 'right', valueFormatter: (value) => formatMoney(value) };
    case 'date':
      return { ...base, valueFormatter: (value) => formatDate(value) };
    case 'datetime':
      return { ...base, valueFormatter: (value) => formatDateTime(value) };
    case 'link':
      return {
        ...base,
        renderCell: ({ value }) =>
          isNoValue(value) ? null : (
            <Link href={String(value)} target="_blank" rel="noopener" underline="hover">
              {String(value)}
            </Link>
          ),
      };
    default:
      return base;
  }
}

/** The grid columns of a report, from its catalogue entry. */
export const reportColumns = (def: ReportDefinition): ColumnDef<ReportRow>[] => def.columns.map(column);
