import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { savedViewApi, type SavedView } from '@app/contract';
import { formatDateTime } from '../../lib/format.ts';
import { useApiMutation } from '../../lib/mutations.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';

interface ManageViewsDialogProps {
  views: readonly SavedView[];
  onRename: (view: SavedView) => void;
  onClose: () => void;
}

/** The caller's views of the list, each with Rename and Delete (asked first). */
export function ManageViewsDialog({ views, onRename, onClose }: ManageViewsDialogProps) {
  const id = useId();
  const [deleting, setDeleting] = useState<SavedView | null>(null);
  const remove = useApiMutation(savedViewApi.deleteView, [savedViewApi.savedViews]);
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.id });
    } catch {
      // alerted by the api client
    }
    setDeleting(null);
  };
  return (
    <>
      <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
        <DialogTitle id={`${id}-title`}>Saved Views</DialogTitle>
        <DialogContent>
          {views.length === 0 ? (
            <Typography>No saved views yet</Typography>
          ) : (
            <List dense disablePadding aria-label="Saved views">
              {views.map((v) => (
                <ListItem
                  key={v.id}
                  disableGutters
                  secondaryAction={
                    <>
                      <IconButton aria-label={`Rename ${v.name}`} onClick={() => onRename(v)}>
                        <EditIcon fontSize="small" />
                      </IconButton>
                      <IconButton aria-label={`Delete ${v.name}`} onClick={() => setDeleting(v)}>
                        <DeleteIcon fontSize="small" />
                      </IconButton>
                    </>
                  }
                  sx={{ pr: 10 }}
                >
                  <ListItemText
                    primary={v.name}
                    secondary={`Saved ${formatDateTime(v.updated_at)}`}
                    slotProps={{ primary: { noWrap: true } }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            Close
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        open={!!deleting}
        title={`Delete View : ${deleting?.name ?? ''}`}
        text="Are you sure you want to delete this view?"
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
        busy={remove.isPending}
      />
    </>
  );
}
