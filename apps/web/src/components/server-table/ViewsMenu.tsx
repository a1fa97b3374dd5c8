import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import type { SavedView } from '@app/contract';
import { ManageViewsDialog } from './ManageViewsDialog.tsx';
import { SaveViewDialog } from './SaveViewDialog.tsx';
import type { TableViews } from './use-table-views.ts';

type Open = { kind: 'save' } | { kind: 'rename'; view: SavedView } | { kind: 'manage' } | null;

/** 'Views': apply one of the caller's saved views of the list, save the current state as one, manage them. */
export function ViewsMenu<R>({ listKey, views }: { listKey: string; views: TableViews<R> }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const id = useId();
  const choose = (next: Open) => {
    setAnchor(null);
    setOpen(next);
  };
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<BookmarksIcon />}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? `${id}-menu` : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        Views
      </Button>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={!!anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': 'Saved views', dense: true }, paper: { sx: { maxWidth: 320 } } }}
      >
        {views.views.length === 0 && (
          <MenuItem disabled>
            <ListItemText>No saved views yet</ListItemText>
          </MenuItem>
        )}
        {views.views.map((v) => (
          <MenuItem
            key={v.id}
            onClick={() => {
              setAnchor(null);
              views.apply(v);
            }}
          >
            <ListItemText slotProps={{ primary: { noWrap: true } }}>{v.name}</ListItemText>
          </MenuItem>
        ))}
        <Divider />
        <MenuItem onClick={() => choose({ kind: 'save' })}>Save current view as…</MenuItem>
        <MenuItem onClick={() => choose({ kind: 'manage' })} disabled={views.views.length === 0}>
          Rename or delete views…
        </MenuItem>
      </Menu>
      {open?.kind === 'save' && (
        <SaveViewDialog listKey={listKey} view={null} state={views.current} onClose={() => setOpen(null)} />
      )}
      {open?.kind === 'rename' && (
        <SaveViewDialog
          listKey={listKey}
          view={open.view}
          state={views.current}
          onClose={() => setOpen({ kind: 'manage' })}
        />
      )}
      {open?.kind === 'manage' && (
        <ManageViewsDialog
          views={views.views}
          onRename={(view) => setOpen({ kind: 'rename', view })}
          onClose={() => setOpen(null)}
        />
      )}
    </>
  );
}
