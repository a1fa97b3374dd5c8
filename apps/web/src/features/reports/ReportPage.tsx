import { lazy, Suspense, useMemo, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import { manilaToday, MESSAGES, type ReportDefinition, type ReportFilter } from '@app/contract';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ServerTable } from '../../components/ServerTable.tsx';
import { useReportLookupOptions } from '../../lib/lookups.ts';
import { formatDate } from '../../lib/format.ts';
import { useUrlParams } from '../../lib/url-state.ts';
import { filterErrors, readFilters, type FilterValues } from './catalogue.ts';
import { reportListQuery } from './api.ts';
import { reportColumns, type ReportRow } from './columns.tsx';

// Only the reports bounded by dates load the date picker.
const DateInput = lazy(() => import('../../components/DateInput.tsx'));

type Choice = Extract<ReportFilter, { kind: 'choice' }>;
type DateRange = Extract<ReportFilter, { kind: 'dateRange' }>;

const FIELD_SX = { width: { xs: '100%', sm: 220 } } as const;

/**
 * Any report of the catalogue: its filters (kept in the URL, so links and Back work), then the
 * server-paged table with search, sort, paging and export. With a search button the filters are
 * edited here and applied by the button; without one a change applies at once.
 */
export function ReportPage({ def }: { def: ReportDefinition }) {
  const [searchParams, updateUrl] = useUrlParams();
  const applied = readFilters(def, searchParams, manilaToday());
  const appliedKey = JSON.stringify(applied);
  const button = def.searchButton;

  // The values being edited (search-button reports); they follow the URL when it changes (Back).
  const [draft, setDraft] = useState(applied);
  const [shownErrors, setShownErrors] = useState<FilterValues>({});
  const [seen, setSeen] = useState(appliedKey);
  if (appliedKey !== seen) {
    setSeen(appliedKey);
    setDraft(applied);
    setShownErrors({});
  }

  const apply = (values: FilterValues) => updateUrl({ ...values, page: null });
  const change = (param: string, value: string) => {
    if (!button) return apply({ [param]: value });
    setDraft((d) => ({ ...d, [param]: value }));
    setShownErrors(({ [param]: _, ...rest }) => rest);
  };
  const search = () => {
    const errors = filterErrors(def, draft);
    setShownErrors(errors);
    if (Object.keys(errors).length === 0) apply(draft);
  };

  const values = button ? draft : applied;
  const appliedErrors = filterErrors(def, applied);
  const errors = button ? shownErrors : appliedErrors;
  const waitingFor = waitingText(def, appliedErrors);

  const list = useMemo(() => reportListQuery(def), [def]);
  const columns = useMemo(() => reportColumns(def), [def]);
  const getRowId = useMemo(() => (row: ReportRow) => row[def.rowId] as string | number, [def]);
  const extraParams = useMemo(
    () => Object.fromEntries(Object.entries(JSON.parse(appliedKey) as FilterValues).filter(([, v]) => v)),
    [appliedKey],
  );

  return (
    <>
      <PageHeader section="Reports" title={def.title} />
      {def.filters && def.filters.length > 0 && (
        <Accordion defaultExpanded disableGutters sx={{ mb: 2 }}>
          <AccordionSummary
            expandIcon={<ExpandMoreIcon />}
            aria-controls={`${def.slug}-filters`}
            id={`${def.slug}-filters-title`}
          >
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
              Filters
            </Typography>
          </AccordionSummary>
          <AccordionDetails id={`${def.slug}-filters`}>
            <Box
              component="form"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                if (button) search();
              }}
              sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}
            >
              {def.filters.map((f) =>
                f.kind === 'dateRange' ? (
                  <DateRangeInputs key={f.from} filter={f} values={values} errors={errors} change={change} />
                ) : (
                  <ChoiceSelect
                    key={f.param}
                    filter={f}
                    value={values[f.param] ?? ''}
                    error={errors[f.param]}
                    change={change}
                  />
                ),
              )}
              {button && (
                <Button type="submit" variant="contained" startIcon={<SearchIcon />} sx={{ mt: 1 }}>
                  {button}
                </Button>
              )}
            </Box>
          </AccordionDetails>
        </Accordion>
      )}
      <ServerTable<ReportRow>
        list={list}
        label={def.title}
        columns={columns}
        defaultSort={{ field: def.defaultSort.column, order: def.defaultSort.order }}
        getRowId={getRowId}
        extraParams={extraParams}
        pageSizes={def.pageSizes}
        searchHint={def.searchHint}
        waitingFor={waitingFor}
        emptyText={emptyText(def, applied)}
      />
    </>
  );
}

/**
 * What an empty report bounded by dates says: the dates, which may be why (Sold Rent opens on today
 * alone, as the spec has it). Undefined, the table's own 'No Data Found'.
 */
function emptyText(def: ReportDefinition, applied: FilterValues): string | undefined {
  const range = def.filters?.find((f): f is DateRange => f.kind === 'dateRange');
  const [from, to] = range ? [applied[range.from], applied[range.to]] : [];
  if (!from || !to) return undefined;
  const dates = from === to ? `on ${formatDate(from)}` : `between ${formatDate(from)} and ${formatDate(to)}`;
  return `${MESSAGES.noData} ${dates}. Widen the dates to see more.`;
}

/** Why the table cannot load yet (the applied filters are incomplete or wrong), or undefined. */
function waitingText(def: ReportDefinition, errors: FilterValues): string | undefined {
  for (const f of def.filters ?? []) {
    if (f.kind === 'choice' && errors[f.param]) {
      const then = def.searchButton ? `, then press ${def.searchButton}` : '';
      return `Choose a value for “${f.label}”${then}.`;
    }
    if (f.kind === 'dateRange' && (errors[f.from] || errors[f.to])) return errors[f.to] ?? errors[f.from];
  }
  return undefined;
}

interface InputProps {
  change: (param: string, value: string) => void;
}

function DateRangeInputs({
  filter,
  values,
  errors,
  change,
}: InputProps & { filter: DateRange; values: FilterValues; errors: FilterValues }) {
  return (
    <>
      {(
        [
          [filter.from, filter.fromLabel],
          [filter.to, filter.toLabel],
        ] as const
      ).map(([param, label]) => (
        <Suspense
          key={param}
          // The field's place and name while the picker loads; it is not typed into.
          fallback={
            <TextField label={label} size="small" disabled required={!filter.optional} sx={FIELD_SX} />
          }
        >
          <DateInput
            label={label}
            size="small"
            value={values[param] ?? ''}
            onChange={(v) => change(param, v)}
            required={!filter.optional}
            error={!!errors[param]}
            helperText={errors[param]}
            sx={FIELD_SX}
          />
        </Suspense>
      ))}
    </>
  );
}

function ChoiceSelect({
  filter,
  value,
  error,
  change,
}: InputProps & { filter: Choice; value: string; error: string | undefined }) {
  const fixed = 'values' in filter.source ? filter.source.values : null;
  const lookup = useReportLookupOptions('lookup' in filter.source ? filter.source.lookup : null);
  const options = fixed
    ? fixed.map((v) => ({ value: v, label: v }))
    : lookup.options.map((o) => ({ value: String(o.id), label: o.name }));
  // A value from a link that the lookup does not offer (e.g. an inactive category) stays shown.
  if (value && !fixed && !lookup.isPending && !options.some((o) => o.value === value))
    options.push({ value, label: `#${value}` });
  const showValue = fixed || !lookup.isPending ? value : '';
  return (
    <TextField
      select
      label={filter.label}
      size="small"
      value={showValue}
      onChange={(e) => change(filter.param, e.target.value)}
      required={filter.required}
      error={!!error}
      helperText={error}
      slotProps={{
        select: { displayEmpty: !filter.required },
        inputLabel: filter.required ? {} : { shrink: true },
      }}
      sx={FIELD_SX}
    >
      {!filter.required && <MenuItem value="">All</MenuItem>}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
