import Box from '@mui/material/Box';
import { ColumnsMenu } from './ColumnsMenu.tsx';
import type { ColumnDef } from './columns.ts';
import type { TableViews } from './use-table-views.ts';
import { ViewsMenu } from './ViewsMenu.tsx';

/** A table's 'Columns' and 'Views' buttons, over the table beside its export. */
export function TableTools<R>({
  listKey,
  columns,
  views,
}: {
  listKey: string;
  columns: ColumnDef<R>[];
  views: TableViews<R>;
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, py: '2px' }}>
      <ColumnsMenu columns={columns} shown={views.shown} onChange={views.setShown} />
      <ViewsMenu listKey={listKey} views={views} />
    </Box>
  );
}
