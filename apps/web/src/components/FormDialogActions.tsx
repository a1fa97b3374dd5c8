import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';

/** Close, and Add (new) or Update (editing), disabled until the form may be submitted. */
export function FormDialogActions({
  editing,
  onClose,
  canSubmit,
}: {
  editing: boolean;
  onClose: () => void;
  canSubmit: boolean;
}) {
  return (
    <DialogActions>
      <Button onClick={onClose} color="inherit">
        Close
      </Button>
      <Button type="submit" variant="contained" disabled={!canSubmit}>
        {editing ? 'Update' : 'Add'}
      </Button>
    </DialogActions>
  );
}
