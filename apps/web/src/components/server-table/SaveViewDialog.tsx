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
import { ConfirmDialog } from '../ConfirmDialog.tsx';

interface SaveViewDialogProps {
  listKey: string;
  /** The view renamed; none saves `state` as a new view. */
  view: SavedView | null;
  state: ViewState;
  /** The caller's views of the list: a new view given one's name may replace it. */
  views: readonly SavedView[];
  onClose: () => void;
}

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Saves the list's current state under a name (an existing view's name asks to replace that view), or
 * renames a view (a taken name is said at the field).
 */
export function SaveViewDialog({ listKey, view, state, views, onClose }: SaveViewDialogProps) {
  const id = useId();
  const [name, setName] = useState(view?.name ?? '');
  const [error, setError] = useState('');
  const [replacing, setReplacing] = useState<SavedView | null>(null);
  const save = useApiMutation(savedViewApi.saveView, [savedViewApi.savedViews]);
  const submit = async (replace: SavedView | null) => {
    if (!name.trim()) return setError(MESSAGES.required);
    const taken = view ? undefined : views.find((v) => sameName(v.name, name));
    if (taken && !replace) return setReplacing(taken);
    setReplacing(null);
    const target = view ?? replace;
    try {
      await save.mutateAsync({
        list_key: listKey,
        name: replace ? replace.name : name,
        state: view ? view.state : state,
        ...(target && { id: target.id }),
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
          void submit(null);
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
      <ConfirmDialog
        open={!!replacing}
        title={`Replace View : ${replacing?.name ?? ''}`}
        text={`You already have a view named “${replacing?.name ?? ''}” on this list. Replace it with the current view?`}
        confirmLabel="Replace"
        onCancel={() => setReplacing(null)}
        onConfirm={() => void submit(replacing)}
        busy={save.isPending}
      />
    </Dialog>
  );
}
