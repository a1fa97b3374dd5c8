import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  onCancel: () => void;
  onConfirm: () => void;
  /** Disables Yes while the confirmed action runs (or while `children` hold an invalid answer). */
  busy?: boolean;
  /** Inputs the confirmation asks for (a reason, say), under the text. */
  children?: ReactNode;
}

/** Title + text + Cancel/Yes. Status: 'Change {entity} : {name} Status'; delete: 'Delete {entity} : {name}'. */
export function ConfirmDialog({
  open,
  title,
  text,
  onCancel,
  onConfirm,
  busy = false,
  children,
}: ConfirmDialogProps) {
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      maxWidth="xs"
      fullWidth
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} color="inherit">
          Cancel
        </Button>
        <Button onClick={onConfirm} variant="contained" disabled={busy} autoFocus>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
