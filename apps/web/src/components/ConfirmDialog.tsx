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
  /** The buttons' words; default Cancel and Yes. */
  cancelLabel?: string;
  confirmLabel?: string;
  /**
   * Cancel is the default (the highlighted, focused button) where confirming loses work: 'Discard
   * unsaved changes?'. Escape and the backdrop cancel either way.
   */
  cancelIsDefault?: boolean;
}

const DEFAULT = { variant: 'contained', autoFocus: true } as const;
const OTHER = { color: 'inherit' } as const;

/** Title + text + Cancel/Yes. Status: 'Change {entity} : {name} Status'; delete: 'Delete {entity} : {name}'. */
export function ConfirmDialog({
  open,
  title,
  text,
  onCancel,
  onConfirm,
  busy = false,
  children,
  cancelLabel = 'Cancel',
  confirmLabel = 'Yes',
  cancelIsDefault = false,
}: ConfirmDialogProps) {
  const id = useId();
  const cancel = (
    <Button key="cancel" onClick={onCancel} {...(cancelIsDefault ? DEFAULT : OTHER)}>
      {cancelLabel}
    </Button>
  );
  const confirm = (
    <Button key="confirm" onClick={onConfirm} disabled={busy} {...(cancelIsDefault ? OTHER : DEFAULT)}>
      {confirmLabel}
    </Button>
  );
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
      {/* The default button comes last, where the eye and Tab end. */}
      <DialogActions>{cancelIsDefault ? [confirm, cancel] : [cancel, confirm]}</DialogActions>
    </Dialog>
  );
}
