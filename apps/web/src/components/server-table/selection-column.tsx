import Checkbox from '@mui/material/Checkbox';
import { PHONE_PADDING, type ColumnDef } from './columns.ts';
import type { RowSelection } from './use-row-selection.ts';

/** The column of row checkboxes, its header choosing the page; on a phone just the 40 px checkboxes. */
export function selectionColumn<R>(
  selection: RowSelection,
  idOf: (row: R) => number,
  labelOf: (row: R) => string,
  phone: boolean,
): ColumnDef<R> {
  return {
    field: '__select',
    headerName: 'Select',
    width: phone ? 40 + 2 * PHONE_PADDING : 68,
    sortable: false,
    phoneTargets: phone,
    renderHeader: () => (
      <Checkbox
        size="small"
        checked={selection.pageSelected}
        indeterminate={!selection.pageSelected && selection.ids.size > 0}
        onChange={selection.togglePage}
        slotProps={{ input: { 'aria-label': 'Select this page' } }}
      />
    ),
    renderCell: ({ row }) => (
      <Checkbox
        size="small"
        checked={selection.isSelected(idOf(row))}
        onChange={() => selection.toggle(idOf(row))}
        slotProps={{ input: { 'aria-label': `Select ${labelOf(row)}` } }}
      />
    ),
  };
}
