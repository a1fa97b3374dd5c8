import { useCallback, useMemo, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import VisibilityIcon from '@mui/icons-material/Visibility';
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  AUDIT_LOG,
  MESSAGES,
  SEARCH_DEBOUNCE_MS,
  type AuditEntry,
  type AuditUserOption,
} from '@app/contract';
import { DateInput, NOT_A_DATE } from '../../components/DateInput.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ServerTable, type ColumnDef } from '../../components/ServerTable.tsx';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useUrlParams } from '../../lib/url-state.ts';
import { formatDateTime } from '../../lib/format.ts';
import { auditLogQuery, useAuditUser, useAuditUsers } from './api.ts';
import { AuditEntryDialog } from './AuditEntryDialog.tsx';
import { actionLabel, entityLabel, recordLabel } from './entries.ts';

const FIELD_SX = { width: { xs: '100%', sm: 200 } } as const;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^[1-9]\d{0,9}$/;
const DEFAULT_SORT = { field: 'at', order: 'desc' } as const;
const ENTITY_OPTIONS = Object.entries(AUDIT_ENTITIES).sort(([, a], [, b]) => a.localeCompare(b));

/** The applied filters, from the URL; a malformed value counts as not set. */
function readFilters(params: URLSearchParams) {
  const value = (name: string, valid: (v: string) => boolean) => {
    const v = params.get(name) ?? '';
    return valid(v) ? v : '';
  };
  return {
    user_id: value('user_id', (v) => ID.test(v)),
    entity: value('entity', (v) => v in AUDIT_ENTITIES),
    entity_id: value('entity_id', (v) => v.length <= 100),
    action: value('action', (v) => v in AUDIT_ACTIONS),
    from_date: value('from_date', (v) => ISO_DATE.test(v)),
    to_date: value('to_date', (v) => ISO_DATE.test(v)),
  };
}
type Filters = ReturnType<typeof readFilters>;

const idOf = (entry: AuditEntry) => entry.id;

/** Settings > Audit Log: every change, sign-in and export, newest first, for holders of 'Audit Log'. */
export default function AuditLogPage() {
  const [searchParams, update] = useUrlParams();
  const filters = readFilters(searchParams);
  const filtersKey = JSON.stringify(filters);
  const rangeError =
    filters.from_date && filters.to_date && filters.from_date > filters.to_date
      ? MESSAGES.dateRangeOrder
      : '';
  const extraParams = useMemo(
    () => Object.fromEntries(Object.entries(JSON.parse(filtersKey) as Filters).filter(([, v]) => v)),
    [filtersKey],
  );
  const apply = (name: keyof Filters, value: string) => update({ [name]: value, page: null });
  // While a date field holds no whole date (31/02/2026, half typed), the date applied stays applied.
  const applyDate = (name: 'from_date' | 'to_date') => (value: string) => {
    if (value !== NOT_A_DATE) apply(name, value);
  };

  const [shown, setShown] = useState<{ entry: AuditEntry; open: boolean } | null>(null);

  const columns = useMemo<ColumnDef<AuditEntry>[]>(
    () => [
      {
        field: 'at',
        headerName: 'When',
        width: 150,
        valueFormatter: (value) => formatDateTime(value),
      },
      {
        field: 'actor_name',
        headerName: 'User',
        flex: 1.2,
        minWidth: 160,
        sortable: false,
        valueGetter: (_value, row) => row.actor_name ?? row.actor_email ?? '',
      },
      { field: 'ip', headerName: 'IP', width: 130, sortable: false },
      {
        field: 'action',
        headerName: 'Action',
        width: 160,
        sortable: false,
        valueGetter: (_value, row) => actionLabel(row),
      },
      {
        field: 'entity',
        headerName: 'Entity',
        flex: 1,
        minWidth: 140,
        sortable: false,
        valueGetter: (_value, row) => entityLabel(row),
      },
      {
        field: 'entity_id',
        headerName: 'Record',
        flex: 1,
        minWidth: 110,
        sortable: false,
        valueGetter: (_value, row) => recordLabel(row),
      },
      { field: 'call', headerName: 'Call', flex: 1, minWidth: 150, sortable: false },
    ],
    [],
  );

  const renderActions = useCallback(
    (row: AuditEntry) => (
      <Tooltip title="Details" disableInteractive>
        <IconButton
          size="small"
          aria-label={`Details of entry ${row.id}`}
          onClick={() => setShown({ entry: row, open: true })}
        >
          <VisibilityIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    ),
    [],
  );

  return (
    <>
      <PageHeader section="Settings" title={AUDIT_LOG.title} />
      <Paper component="section" aria-label="Filters" sx={{ p: 2, mb: 2 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
          <UserFilter value={filters.user_id} onChange={(v) => apply('user_id', v)} />
          <TextField
            select
            label="Entity"
            size="small"
            value={filters.entity}
            onChange={(e) => apply('entity', e.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={FIELD_SX}
          >
            <MenuItem value="">All</MenuItem>
            {ENTITY_OPTIONS.map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Action"
            size="small"
            value={filters.action}
            onChange={(e) => apply('action', e.target.value)}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={FIELD_SX}
          >
            <MenuItem value="">All</MenuItem>
            {Object.entries(AUDIT_ACTIONS).map(([value, label]) => (
              <MenuItem key={value} value={value}>
                {label}
              </MenuItem>
            ))}
          </TextField>
          <DateInput
            label="From"
            size="small"
            value={filters.from_date}
            onChange={applyDate('from_date')}
            invalidValue={NOT_A_DATE}
            sx={FIELD_SX}
          />
          <DateInput
            label="To"
            size="small"
            value={filters.to_date}
            onChange={applyDate('to_date')}
            invalidValue={NOT_A_DATE}
            error={!!rangeError}
            helperText={rangeError}
            sx={FIELD_SX}
          />
          {filters.entity_id && (
            <TextField
              label="Record"
              size="small"
              value={filters.entity_id}
              onChange={(e) => apply('entity_id', e.target.value)}
              sx={FIELD_SX}
            />
          )}
        </Box>
      </Paper>
      <ServerTable<AuditEntry>
        list={auditLogQuery}
        label={AUDIT_LOG.title}
        columns={columns}
        defaultSort={DEFAULT_SORT}
        getRowId={idOf}
        extraParams={extraParams}
        renderActions={renderActions}
        actionsWidth={90}
        searchHint="User, e-mail, IP, call or record"
        waitingFor={rangeError || undefined}
      />
      <AuditEntryDialog
        entry={shown?.entry ?? null}
        open={!!shown?.open}
        onClose={() => setShown((s) => s && { ...s, open: false })}
      />
    </>
  );
}

/** Users by name or e-mail, searched on the server; the chosen one is named from its id. */
function UserFilter({ value, onChange }: { value: string; onChange: (userId: string) => void }) {
  const [typed, setTyped] = useState('');
  const searched = useDebounced(typed.trim(), SEARCH_DEBOUNCE_MS);
  const options = useAuditUsers(searched);
  const chosen = useAuditUser(value);
  const selected =
    value === ''
      ? null
      : (chosen.data?.resultData[0] ?? { user_id: Number(value), full_name: `#${value}`, user_email: '' });
  return (
    <Autocomplete<AuditUserOption>
      options={options.data?.resultData ?? []}
      loading={options.isFetching}
      value={selected}
      onInputChange={(_e, next, reason) => {
        if (reason === 'input') setTyped(next);
      }}
      onChange={(_e, picked) => onChange(picked ? String(picked.user_id) : '')}
      filterOptions={(all) => all}
      getOptionLabel={(o) => o.full_name}
      getOptionKey={(o) => o.user_id}
      isOptionEqualToValue={(a, b) => a.user_id === b.user_id}
      renderOption={(props, o) => (
        <li {...props} key={o.user_id}>
          <Box>
            {o.full_name}
            <Box component="span" sx={{ display: 'block', fontSize: '0.8rem', color: 'text.secondary' }}>
              {o.user_email}
            </Box>
          </Box>
        </li>
      )}
      renderInput={(params) => <TextField {...params} label="User" size="small" />}
      sx={{ width: { xs: '100%', sm: 260 } }}
    />
  );
}
