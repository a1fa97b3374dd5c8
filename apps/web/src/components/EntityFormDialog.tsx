import { useEffect, useId, useRef, type RefObject } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { applyServerErrors } from '../lib/forms.ts';
import { useDiscardGuard } from './use-discard-guard.tsx';
import { FormDialogActions } from './FormDialogActions.tsx';

export interface EntityField<TIn> {
  name: Path<TIn & FieldValues>;
  label: string;
}

interface EntityFormDialogProps<TIn extends FieldValues, TOut> {
  open: boolean;
  onClose: () => void;
  /** 'Role' gives the titles 'Add New Role' and 'Edit Role : {name}'. */
  entity: string;
  /** Name of the record being edited; null/undefined when adding. */
  editingName?: string | null;
  /** The contract schema: the one source of the field rules. */
  schema: z.ZodType<TOut, TIn>;
  defaultValues: DefaultValues<TIn>;
  fields: readonly EntityField<TIn>[];
  /** Saves; rejects to keep the dialog open (the api client has alerted). */
  onSubmit: (values: TOut) => Promise<unknown>;
  width?: number;
}

/**
 * The add/edit dialog of the generic master screen: text fields from a contract schema. Close, Escape
 * and the backdrop ask before discarding changes.
 */
export function EntityFormDialog<TIn extends FieldValues, TOut>(props: EntityFormDialogProps<TIn, TOut>) {
  const { open, onClose, entity, editingName, width = 400 } = props;
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const editing = editingName != null;
  // The form inside knows whether anything changed: it sets how a close is asked for.
  const requestCloseRef = useRef(onClose);
  return (
    <Dialog
      open={open}
      onClose={() => requestCloseRef.current()}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: fullScreen ? {} : { width, maxWidth: '100%' } } }}
    >
      <DialogTitle id={titleId}>
        {editing ? `Edit ${entity} : ${editingName}` : `Add New ${entity}`}
      </DialogTitle>
      {/* Mounted only while open, so each opening starts from fresh default values. */}
      <EntityForm {...props} editing={editing} requestCloseRef={requestCloseRef} />
    </Dialog>
  );
}

function EntityForm<TIn extends FieldValues, TOut>({
  onClose,
  schema,
  defaultValues,
  fields,
  onSubmit,
  editing,
  requestCloseRef,
}: EntityFormDialogProps<TIn, TOut> & { editing: boolean; requestCloseRef: RefObject<() => void> }) {
  const form = useForm<TIn, unknown, TOut>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onChange',
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isValid, isSubmitting, isDirty },
  } = form;
  const { confirmDiscard, dialog } = useDiscardGuard(isDirty);
  const close = () => confirmDiscard(onClose);
  useEffect(() => {
    requestCloseRef.current = close;
  });

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
      onClose();
    } catch (e) {
      applyServerErrors(e, setError);
    }
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <DialogContent>
        {fields.map((f, i) => {
          const message = errors[f.name]?.message;
          return (
            <TextField
              key={f.name}
              label={f.label}
              autoFocus={i === 0}
              {...register(f.name)}
              error={!!message}
              helperText={typeof message === 'string' ? message : ' '}
            />
          );
        })}
      </DialogContent>
      <FormDialogActions editing={editing} onClose={close} canSubmit={isValid && !isSubmitting} />
      {dialog}
    </form>
  );
}
