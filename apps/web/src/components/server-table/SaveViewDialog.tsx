import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { MESSAGES, VIEW_NAME_MAX, savedViewApi, type SavedView, type ViewState } from '@app/contract';
import { ApiError } from '../../lib/api.ts';
import { useApiMutation } from '../../lib/mutations.ts';

interface SaveViewDialogProps {
  listKey: string;
  /** The view renamed; none saves `state` as a new view. */
  view: SavedView | null;
  state: ViewState;
  onClose: () => void;
}

/** Saves the table's current state under a name, or renames a view; a taken name is said at the field. */
export function SaveViewDialog({ listKey, view, state, onClose }: SaveViewDialogProps) {
  const id = useId();
  const [name, setName] = useState(view?.name ?? '');
  const [error, setError] = useState('');
  const save = useApiMutation(savedViewApi.saveView, [savedViewApi.savedViews]);
  const submit = async () => {
    if (!name.trim()) return setError(MESSAGES.required);
    try {
      await save.mutateAsync({
        list_key: listKey,
        name,
        state: view ? view.state : state,
        ...(view && { id: view.id }),
      });
      onClose();
    } catch (e) {
      if (e instanceof ApiError) setError(e.errors.name ?? e.errors['state'] ?? '');
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <DialogTitle id={`${id}-title`}>
          {view ? `Rename View : ${view.name}` : 'Save Current View'}
        </DialogTitle>
        <DialogContent>
          <TextField
            label="View name"
            required
            fullWidth
            autoFocus
            margin="dense"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError('');
            }}
            error={!!error}
            helperText={
              error || (view ? undefined : 'Keeps the search, filters, sort, page size and columns')
            }
            slotProps={{ htmlInput: { maxLength: VIEW_NAME_MAX } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} color="inherit">
            Close
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
