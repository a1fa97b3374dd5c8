import { useEffect, useId, useMemo, useRef, useState, type RefObject } from 'react';
import { Controller, useController, useForm, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  geographyApi,
  masterSaveSchema,
  masterUpdateSchema,
  type AdjacentRecord,
  type MasterDefinition,
  type MasterField,
} from '@app/contract';
import { AddressFields, type AddressLevel } from '../../components/AddressFields.tsx';
import { DRAG_HANDLE, DraggablePaper } from '../../components/DraggablePaper.tsx';
import { apiPost } from '../../lib/api.ts';
import { fieldRule, type FieldRule } from '../../lib/field-rules.ts';
import { applyServerErrors } from '../../lib/forms.ts';
import { emptyValues, rowName, rowToValues, type MasterRow, type MasterValues } from './form.ts';
import { AdjacencyField } from './AdjacencyField.tsx';
import { FormDialogActions } from '../../components/FormDialogActions.tsx';
import { useDiscardGuard } from '../../components/use-discard-guard.tsx';

const PROVINCE_EXIST_MS = 9000;
const EXIST_DEBOUNCE_MS = 400;

interface MasterDialogProps {
  def: MasterDefinition;
  open: boolean;
  onClose: () => void;
  /** The row being edited; null when adding. */
  editing: MasterRow | null;
  /** Saves the validated values; rejects to keep the dialog open (the api client has alerted). */
  onSubmit: (values: MasterValues) => Promise<unknown>;
}

/** Add/edit dialog of every master, built from its definition; closing it asks before losing changes. */
export function MasterDialog(props: MasterDialogProps) {
  const { def, open, onClose, editing } = props;
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const draggable = def.dialogWidth === 600 && !fullScreen;
  // The form inside knows whether anything changed: it sets how a close is asked for.
  const requestCloseRef = useRef(onClose);
  return (
    <Dialog
      open={open}
      onClose={() => requestCloseRef.current()}
      fullScreen={fullScreen}
      aria-labelledby={titleId}
      {...(draggable ? { slots: { paper: DraggablePaper } } : {})}
      slotProps={{ paper: { sx: fullScreen ? {} : { width: def.dialogWidth, maxWidth: '100%' } } }}
    >
      <DialogTitle
        id={titleId}
        className={draggable ? DRAG_HANDLE : undefined}
        sx={draggable ? { cursor: 'move' } : {}}
      >
        {editing ? `Edit ${def.entity} : ${rowName(def, editing)}` : `Add New ${def.entity}`}
      </DialogTitle>
      {/* Mounted only while open, so each opening starts from fresh values. */}
      <MasterForm {...props} requestCloseRef={requestCloseRef} />
    </Dialog>
  );
}

const ADDRESS_INPUTS = new Set<MasterField['input']>(['province', 'town', 'barangay']);

function MasterForm({
  def,
  onClose,
  editing,
  onSubmit,
  requestCloseRef,
}: MasterDialogProps & { requestCloseRef: RefObject<() => void> }) {
  const schema = useMemo(() => (editing ? masterUpdateSchema(def) : masterSaveSchema(def)), [def, editing]);
  // Lengths and required marks from the save request: the update's fields are optional only so that
  // the status switch may post part of a record.
  const saveSchema = useMemo(() => masterSaveSchema(def), [def]);
  const ruleOf = (f: MasterField) => fieldRule(saveSchema, f.param);
  const defaultValues = useMemo(
    () => (editing ? rowToValues(def, editing) : emptyValues(def)),
    [def, editing],
  );
  const {
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { isValid, isSubmitting, isDirty },
  } = useForm<MasterValues>({
    resolver: zodResolver(schema) as unknown as Resolver<MasterValues>,
    defaultValues,
    mode: 'onChange',
  });
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

  const addressFields = def.fields.filter((f) => ADDRESS_INPUTS.has(f.input));
  const names: Partial<Record<AddressLevel, string>> = {};
  const required: Partial<Record<AddressLevel, boolean>> = {};
  for (const f of addressFields) {
    const level = f.input as AddressLevel;
    names[level] = f.param;
    required[level] = f.required;
  }
  const zipField = def.fields.find((f) => f.input === 'zip');
  const onZip = zipField
    ? (zip: string) => setValue(zipField.param, zip, { shouldValidate: zip !== '', shouldDirty: true })
    : undefined;
  const selfId = editing ? Number(editing[def.idColumn]) : null;

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <DialogContent>
        {def.fields.map((f, i) => {
          if (ADDRESS_INPUTS.has(f.input)) {
            // The address cascade is rendered once, where its first level belongs.
            return f === addressFields[0] ? (
              <AddressFields<MasterValues>
                key="address"
                control={control}
                names={{ province: names.province ?? f.param, ...names }}
                required={required}
                onZip={onZip}
              />
            ) : null;
          }
          if (i === 0)
            return (
              <NameField
                key={f.param}
                def={def}
                field={f}
                rule={ruleOf(f)}
                control={control}
                editing={editing}
              />
            );
          return <PlainField key={f.param} field={f} rule={ruleOf(f)} control={control} />;
        })}
        {def.adjacency && (
          <AdjacencyField
            def={def}
            control={control}
            selfId={selfId}
            chosen={(editing?.[def.adjacency.chosenColumn] as AdjacentRecord[] | undefined) ?? []}
          />
        )}
      </DialogContent>
      <FormDialogActions editing={!!editing} onClose={close} canSubmit={isValid && !isSubmitting} />
      {dialog}
    </form>
  );
}

interface FieldProps {
  field: MasterField;
  /** The field's maximum length and required mark, read from the contract's schema. */
  rule: FieldRule;
  control: Control<MasterValues>;
}

function PlainField({ field: f, rule, control }: FieldProps) {
  return (
    <Controller
      name={f.param}
      control={control}
      render={({ field, fieldState }) => {
        const common = {
          name: field.name,
          inputRef: field.ref,
          onBlur: field.onBlur,
          label: f.label,
          required: rule.required,
          error: !!fieldState.error,
          helperText: fieldState.error?.message ?? ' ',
        };
        if (f.input === 'choice') {
          return (
            <TextField
              {...common}
              select
              value={field.value ?? ''}
              onChange={(e) => field.onChange(e.target.value)}
            >
              {(f.choices ?? []).map((c) => (
                <MenuItem key={c} value={c}>
                  {c}
                </MenuItem>
              ))}
            </TextField>
          );
        }
        // Zip: digits only, at most 6 (filtered here, so a pasted '6000-12' keeps its digits).
        const zip = f.input === 'zip';
        return (
          <TextField
            {...common}
            value={field.value ?? ''}
            onChange={(e) =>
              field.onChange(zip ? e.target.value.replace(/\D/g, '').slice(0, 6) : e.target.value)
            }
            slotProps={{ htmlInput: zip ? { inputMode: 'numeric' } : { maxLength: rule.maxLength } }}
          />
        );
      }}
    />
  );
}

/** The name field; for provinces, also the live 'Province Already Exist' check. */
function NameField({
  def,
  field: f,
  rule,
  control,
  editing,
}: FieldProps & { def: MasterDefinition; editing: MasterRow | null }) {
  const { field, fieldState } = useController({ name: f.param, control });
  const exists = useProvinceExists(def.key === 'province', String(field.value ?? ''), rowName(def, editing));
  const message = exists ? `${def.entity} Already Exist` : fieldState.error?.message;
  return (
    <TextField
      name={field.name}
      inputRef={field.ref}
      onBlur={field.onBlur}
      value={field.value ?? ''}
      onChange={(e) => field.onChange(e.target.value)}
      label={f.label}
      required={rule.required}
      autoFocus
      error={!!message}
      helperText={message ?? ' '}
      slotProps={{ htmlInput: { maxLength: rule.maxLength } }}
    />
  );
}

/**
 * While typing a province name, asks provinceExist (debounced); 'exist' shows the warning for 9
 * seconds, 'notexist' clears it. The record's own current name is never flagged.
 */
function useProvinceExists(enabled: boolean, name: string, ownName: string): boolean {
  const [exists, setExists] = useState(false);
  useEffect(() => {
    if (!enabled) return;
    const wanted = name.trim();
    let hide: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      if (!wanted || wanted.toLowerCase() === ownName.trim().toLowerCase()) {
        setExists(false);
        return;
      }
      apiPost(
        geographyApi.provinceExist,
        { provinceName: wanted },
        { silent: true, signal: controller.signal },
      )
        .then((r) => {
          const found = r?.status === 'exist';
          setExists(found);
          if (found) hide = setTimeout(() => setExists(false), PROVINCE_EXIST_MS);
        })
        .catch(() => {
          /* a failed check shows nothing */
        });
    }, EXIST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      clearTimeout(hide);
      controller.abort();
    };
  }, [enabled, name, ownName]);
  return exists;
}
