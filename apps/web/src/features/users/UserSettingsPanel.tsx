import { useController, useWatch, type Control } from 'react-hook-form';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { hasOpenPropertyLimit, OPEN_PROPERTY_LIMIT, userApi, userFields, type AnswerOf } from '@app/contract';
import { FullRow } from '../../components/EntityFormPage.tsx';
import { FormTextField } from '../../components/FormInputs.tsx';
import { fieldRule } from '../../lib/field-rules.ts';
import { formatDateTime, shownValue } from '../../lib/format.ts';

type Values = Record<string, unknown>;
type StatusChange = AnswerOf<typeof userApi.GetUserById>['resultData'][number]['status_history'][number];

/** The limit is a number: as many digits as the contract's largest limit has. */
const LIMIT_DIGITS = String(OPEN_PROPERTY_LIMIT.max).length;

/** Settings: status (with the reason when Inactive), open property limit and the status history. */
export function UserSettingsPanel({
  control,
  mayEditLimit,
  history,
}: {
  control: Control<Values>;
  mayEditLimit: boolean;
  history: StatusChange[];
}) {
  const { field: status, fieldState } = useController({ control, name: 'user_status' });
  const { field: limit, fieldState: limitState } = useController({ control, name: 'open_property_limit' });
  const limited = hasOpenPropertyLimit(Number(useWatch({ control, name: 'role_id' })));
  return (
    <>
      <TextField
        select
        label="Status"
        name={status.name}
        inputRef={status.ref}
        value={status.value ?? 'Active'}
        onChange={(e) => status.onChange(e.target.value)}
        onBlur={status.onBlur}
        error={!!fieldState.error}
        helperText={fieldState.error?.message ?? ' '}
      >
        {status.value === 'New' && <MenuItem value="New">New</MenuItem>}
        <MenuItem value="Active">Active</MenuItem>
        <MenuItem value="Inactive">Inactive</MenuItem>
      </TextField>
      <TextField
        label="Open Property Limit"
        name={limit.name}
        inputRef={limit.ref}
        value={limit.value ?? ''}
        onChange={(e) => limit.onChange(e.target.value.replace(/\D/g, '').slice(0, LIMIT_DIGITS))}
        onBlur={limit.onBlur}
        required
        disabled={!mayEditLimit}
        error={!!limitState.error}
        helperText={
          limitState.error?.message ??
          (!limited ? 'Admins are not limited' : mayEditLimit ? ' ' : 'Set by an Admin')
        }
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: LIMIT_DIGITS } }}
      />
      {status.value === 'Inactive' && (
        <FullRow>
          <FormTextField
            control={control}
            name="reason"
            label="Reason for Inactive"
            kind="notes"
            maxLength={fieldRule(userFields, 'reason').maxLength}
            // Required whenever shown (a rule across fields).
            required
          />
        </FullRow>
      )}
      {history.length > 0 && (
        <FullRow>
          <Typography component="h3" variant="subtitle2" sx={{ mt: 1, mb: 0.5 }}>
            Status history
          </Typography>
          <Table size="small" aria-label="Status history">
            <TableHead>
              <TableRow>
                <TableCell>When</TableCell>
                <TableCell>Change</TableCell>
                <TableCell>Reason</TableCell>
                <TableCell>By</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {history.map((h) => (
                <TableRow key={`${h.changed_at}-${h.new_status}`}>
                  <TableCell>{formatDateTime(h.changed_at)}</TableCell>
                  <TableCell>
                    {h.old_status} → {h.new_status}
                  </TableCell>
                  <TableCell>{shownValue(h.reason)}</TableCell>
                  <TableCell>{shownValue(h.changed_by_name)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </FullRow>
      )}
    </>
  );
}
