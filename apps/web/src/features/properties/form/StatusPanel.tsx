import type { Control } from 'react-hook-form';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { MESSAGES, PROPERTY_STATUSES } from '@app/contract';
import { FullRow } from '../../../components/EntityFormPage.tsx';
import { FormSelectField, FormTextField } from '../../../components/FormInputs.tsx';
import { IdSelect } from '../../../components/IdSelect.tsx';
import { formatDate, formatDateTime, shownValue } from '../../../lib/format.ts';
import { useZoningCodeOptions } from '../../../lib/lookups.ts';
import { DateField } from '../PropertyInputs.tsx';
import type { PropertyRecord, PropertyValues } from './form-values.ts';
import { amountInput, propertyInput } from './input-rules.ts';

/** A history row names a database column ('land_area'); people read 'Land area'. */
const fieldLabel = (column: string) => {
  const words = column.replace(/_id$/, '').replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** The Manila day of a moment the record holds (an ISO timestamp), or NO_VALUE. */
const day = (iso: string | null) => shownValue(formatDate(iso));

/** Property Status and Modification History Tracking (only when editing). */
export function StatusPanel({
  control,
  suspended,
  record,
}: {
  control: Control<PropertyValues>;
  suspended: boolean;
  record: PropertyRecord | null;
}) {
  const zoning = useZoningCodeOptions();
  const history = record?.history ?? [];
  return (
    <>
      <FormSelectField control={control} name="status" label="Status" options={PROPERTY_STATUSES} required />
      {suspended && (
        <FormTextField
          control={control}
          name="suspendedReason"
          label="Suspended Reason"
          {...propertyInput('suspendedReason')}
          // Required whenever shown (a rule across fields).
          required
        />
      )}
      <FormTextField
        control={control}
        name="priceRented"
        label="Price Rented"
        {...amountInput('priceRented')}
      />
      <FormTextField
        control={control}
        name="priceSoldFor"
        label="Price Sold For"
        {...amountInput('priceSoldFor')}
      />
      <FormTextField control={control} name="zonalValue" label="Zonal Value" {...amountInput('zonalValue')} />
      <IdSelect<PropertyValues>
        control={control}
        name="zonningCode"
        label="Zoning Code"
        options={zoning.options}
        loading={zoning.isFetching}
      />
      <DateField control={control} name="active_date" label="Active Date" />
      {record && (
        <FullRow>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            First added {day(record.date_first_added)} · Last modified {day(record.date_last_modified)} · Last
            status change {day(record.date_last_status_change)} · Sold {day(record.date_sold)} · Suspended{' '}
            {day(record.date_suspended)}
          </Typography>
        </FullRow>
      )}
      <FullRow>
        <Typography component="h3" variant="subtitle2" sx={{ mt: 1, mb: 0.5 }}>
          Modification history
        </Typography>
        {history.length === 0 ? (
          <Typography variant="body2">{MESSAGES.noData}</Typography>
        ) : (
          // Wider than a phone: the table scrolls inside its own box, never the page (a box that scrolls
          // takes the keyboard focus, so it scrolls by keys too).
          <TableContainer tabIndex={0} role="region" aria-label="Modification history, scrollable">
            <Table size="small" aria-label="Modification history">
              <TableHead>
                <TableRow>
                  <TableCell>Field</TableCell>
                  <TableCell>Old</TableCell>
                  <TableCell>New</TableCell>
                  <TableCell>By</TableCell>
                  <TableCell>When</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {history.map((h, i) => (
                  <TableRow key={`${h.changed_at}-${h.field}-${i}`}>
                    <TableCell>{fieldLabel(h.field)}</TableCell>
                    <TableCell>{shownValue(h.old_value)}</TableCell>
                    <TableCell>{shownValue(h.new_value)}</TableCell>
                    <TableCell>{shownValue(h.changed_by_name)}</TableCell>
                    <TableCell>{shownValue(formatDateTime(h.changed_at))}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </FullRow>
    </>
  );
}
