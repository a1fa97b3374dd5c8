import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import type { ColumnDef } from './columns.ts';
import { MenuButton } from './MenuButton.tsx';

interface ColumnsMenuProps<R> {
  columns: ColumnDef<R>[];
  shown: readonly ColumnDef<R>[];
  onChange: (fields: string[]) => void;
}

/** 'Columns': a checkbox per data column; the last one shown cannot be hidden. */
export function ColumnsMenu<R>({ columns, shown, onChange }: ColumnsMenuProps<R>) {
  const visible = new Set(shown.map((c) => c.field));
  const toggle = (field: string) =>
    onChange(columns.map((c) => c.field).filter((f) => (f === field ? !visible.has(f) : visible.has(f))));
  return (
    <MenuButton label="Columns" icon={<ViewColumnIcon />} menuLabel="Columns shown">
      {() =>
        columns.map((c) => {
          const checked = visible.has(c.field);
          const last = checked && visible.size === 1;
          return (
            <MenuItem
              key={c.field}
              role="menuitemcheckbox"
              aria-checked={checked}
              aria-disabled={last || undefined}
              onClick={() => !last && toggle(c.field)}
            >
              <ListItemIcon>
                {checked ? (
                  <CheckBoxIcon fontSize="small" color={last ? 'disabled' : 'primary'} />
                ) : (
                  <CheckBoxOutlineBlankIcon fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText>{c.headerName}</ListItemText>
            </MenuItem>
          );
        })
      }
    </MenuButton>
  );
}
