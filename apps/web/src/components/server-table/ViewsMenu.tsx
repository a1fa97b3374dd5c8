import { useState } from 'react';
import Divider from '@mui/material/Divider';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import BookmarksIcon from '@mui/icons-material/Bookmarks';
import type { SavedView, ViewState } from '@app/contract';
import { MenuButton } from './MenuButton.tsx';
import { ManageViewsDialog } from './ManageViewsDialog.tsx';
import { SaveViewDialog } from './SaveViewDialog.tsx';

type Open = { kind: 'save' } | { kind: 'rename'; view: SavedView } | { kind: 'manage' } | null;

/** A list's saved views: those of the caller, the list's state as a view keeps it, and applying one. */
export interface ListViews {
  views: SavedView[];
  current: ViewState;
  apply: (view: SavedView) => void;
}

/** 'Views': apply one of the caller's saved views of the list, save the current state as one, manage them. */
export function ViewsMenu({ listKey, views }: { listKey: string; views: ListViews }) {
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
        <SaveViewDialog
          listKey={listKey}
          view={null}
          state={views.current}
          views={views.views}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'rename' && (
        <SaveViewDialog
          listKey={listKey}
          view={open.view}
          state={views.current}
          views={views.views}
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
