import { useState } from 'react';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import type { SavedView } from '@app/contract';
import { MenuButton } from './MenuButton.tsx';
import { ManageViewsDialog } from './ManageViewsDialog.tsx';
import { SaveViewDialog } from './SaveViewDialog.tsx';
import type { TableViews } from './use-table-views.ts';

type Open = { kind: 'save' } | { kind: 'rename'; view: SavedView } | { kind: 'manage' } | null;

/** 'Views': apply one of the caller's saved views of the list, save the current state as one, manage them. */
export function ViewsMenu<R>({ listKey, views }: { listKey: string; views: TableViews<R> }) {
  const [open, setOpen] = useState<Open>(null);
  const choose = (close: () => void, next: Open) => {
    close();
    setOpen(next);
  };
  return (
    <>
      <MenuButton label="Views" icon={<BookmarksIcon />} menuLabel="Saved views" paperSx={{ maxWidth: 320 }}>
        {(close) => [
          views.views.length === 0 && (
            <MenuItem key="none" disabled>
              <ListItemText>No saved views yet</ListItemText>
            </MenuItem>
          ),
          ...views.views.map((v) => (
            <MenuItem
              key={v.id}
              onClick={() => {
                close();
                views.apply(v);
              }}
            >
              <ListItemText slotProps={{ primary: { noWrap: true } }}>{v.name}</ListItemText>
            </MenuItem>
          )),
          <Divider key="divider" />,
          <MenuItem key="save" onClick={() => choose(close, { kind: 'save' })}>
            Save current view as…
          </MenuItem>,
          <MenuItem
            key="manage"
            onClick={() => choose(close, { kind: 'manage' })}
            disabled={views.views.length === 0}
          >
            Rename or delete views…
          </MenuItem>,
        ]}
      </MenuButton>
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
