import { Fragment, useState, type ReactNode } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { MESSAGES, type CallRef, type Permission, type PostCall } from '@app/contract';
import { applyServerErrors } from '../lib/forms.ts';
import { useDiscardGuard } from './use-discard-guard.tsx';
import { useApiMutation } from '../lib/mutations.ts';
import type { RecordQuery } from '../lib/queries.ts';
import { usePermissions } from '../lib/permissions.ts';
import { requestOf } from './entity-values.ts';
import { PageHeader } from './PageHeader.tsx';

/** The record id a form page edits: its route parameter, or the same name in the query. 0 means new. */
function useRouteId(param: string): number | null {
  const params = useParams();
  const [search] = useSearchParams();
  const n = Number(params[param] ?? search.get(param) ?? 0);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <Paper sx={{ p: 4 }}>
      <Typography>{children}</Typography>
    </Paper>
  );
}

export interface EntityFormPageProps<R> {
  /** Breadcrumb middle part and title (the route's). */
  section: string;
  title: string;
  /** 'Agency': the heading says 'Add Agency' or 'Edit Agency : {name}'. */
  entity: string;
  /** The route parameter holding the id ('agencyId'). */
  routeParam: string;
  /** The record's query by id (the feature's api.ts: recordQuery of its by-id call). */
  load: (id: number | null) => RecordQuery<R>;
  permissions: { add: Permission; edit: Permission };
  nameOf: (record: R) => string;
  /** The form, given the record being edited (null when adding). */
  children: (record: R | null) => ReactNode;
}

/**
 * A full-page add/edit form: id 0 adds, another id loads that record first. Adding and editing each
 * need their permission; an unknown id says so instead of showing an empty form.
 */
export function EntityFormPage<R extends Record<string, unknown>>({
  section,
  title,
  entity,
  routeParam,
  load,
  permissions,
  nameOf,
  children,
}: EntityFormPageProps<R>) {
  const id = useRouteId(routeParam);
  const { has } = usePermissions();
  const editing = id !== null && id > 0;
  const permitted = has(editing ? permissions.edit : permissions.add);
  const query = useQuery({
    // An unknown id (404) is said on the page, not as an alert.
    ...load(id),
    enabled: editing && permitted,
    // Always the stored record: a form must not start from an older copy.
    staleTime: 0,
    gcTime: 0,
  });
  const record = query.data ?? null;

  let body: ReactNode;
  let heading = editing ? `Edit ${entity}` : `Add ${entity}`;
  if (id === null) body = <Notice>This {entity.toLowerCase()} does not exist.</Notice>;
  else if (!permitted) body = <Notice>You do not have permission to open this page.</Notice>;
  // Keyed by the id: opening another record starts a fresh form.
  else if (!editing) body = <Fragment key={0}>{children(null)}</Fragment>;
  else if (query.isPending)
    body = (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8 }} role="status" aria-label={MESSAGES.loading}>
        <CircularProgress aria-hidden />
      </Box>
    );
  else if (query.isError) body = <Notice>{MESSAGES.somethingWrong}</Notice>;
  else if (!record) body = <Notice>This {entity.toLowerCase()} does not exist.</Notice>;
  else {
    heading = `Edit ${entity} : ${nameOf(record)}`;
    body = <Fragment key={id}>{children(record)}</Fragment>;
  }

  return (
    <>
      <PageHeader section={section} title={title} heading={heading} />
      {body}
    </>
  );
}

export interface FormPanelDef {
  title: string;
  content: ReactNode;
}

export interface EntityFormProps<T extends FieldValues> {
  /** The contract's request schema: the one source of the field rules and messages. */
  schema: z.ZodType;
  defaultValues: DefaultValues<T>;
  /** The expandable panels, given the form (each lays its inputs out in a grid). */
  panels: (form: UseFormReturn<T>) => readonly FormPanelDef[];
  saveLabel: string;
  /** Editing an existing record (the update call) or adding one (the save call). */
  editing: boolean;
  calls: { save: PostCall; update: PostCall };
  /** Lists and lookups to reload after a save. */
  reloads: readonly CallRef[];
  /** Adjusts the request built from the parsed values (id lists already comma-joined). */
  adjust?: (body: Record<string, unknown>) => void;
  /** Replaces the schema's resolver (e.g. one that also checks cross-field rules field by field). */
  resolver?: Resolver<T>;
  /**
   * Asked last (e.g. a password confirmation), given the body and `send`, which sends it (with what
   * the question adds) and rejects as the call does; resolves false to keep the form open unsent.
   */
  confirmSend?: (
    body: Record<string, unknown>,
    send: (body: Record<string, unknown>) => Promise<void>,
  ) => Promise<boolean>;
  /** The body as sent, e.g. multipart with a file; JSON by default. */
  encode?: (body: Record<string, unknown>) => Record<string, unknown> | FormData;
  /** Where Cancel (asking first when something changed) and a successful save go. */
  backTo: string;
  /** Called when a save is refused because the form is invalid (after the panels are opened). */
  onInvalid?: () => void;
  /** A change the form's values do not hold (a chosen picture): leaving asks first, as for a value. */
  changedOutside?: boolean;
}

/**
 * The body of a full-page form: expandable panels (all open; an invalid save reopens them so every
 * message is seen), Cancel and the save button. Nothing is sent while the form is invalid. A save
 * shows the server's message and returns to the list; a 400 or 409 answer's field messages land on
 * their fields. Leaving with unsaved changes (Cancel, a link, closing the tab) asks first.
 */
export function EntityForm<T extends FieldValues>({
  schema,
  defaultValues,
  panels,
  saveLabel,
  editing,
  calls,
  reloads,
  adjust,
  resolver,
  confirmSend,
  encode,
  backTo,
  onInvalid,
  changedOutside = false,
}: EntityFormProps<T>) {
  const navigate = useNavigate();
  // The body is built from values the request schema (`schema`) has parsed.
  const send = useApiMutation<PostCall>(editing ? calls.update : calls.save, reloads);
  const form = useForm<T>({
    resolver: resolver ?? (zodResolver(schema as never) as unknown as Resolver<T>),
    defaultValues,
    mode: 'onTouched',
  });
  const { expanded, toggle, openAll } = usePanelToggles();
  const { confirmDiscard, dialog } = useDiscardGuard(form.formState.isDirty || changedOutside);

  const submit = form.handleSubmit(
    async (values) => {
      try {
        const body = requestOf(values);
        adjust?.(body);
        const sendBody = async (b: Record<string, unknown>) => {
          await send.mutateAsync(encode ? encode(b) : b);
        };
        if (!confirmSend) await sendBody(body);
        else if (!(await confirmSend(body, sendBody))) return;
        void navigate(backTo);
      } catch (e) {
        openAll();
        applyServerErrors(e, form.setError, form.getValues());
      }
    },
    () => {
      openAll();
      onInvalid?.();
    },
  );

  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Stack spacing={2}>
        {panels(form).map((panel) => (
          <FormPanel
            key={panel.title}
            title={panel.title}
            expanded={expanded(panel.title)}
            onChange={(open) => toggle(panel.title, open)}
          >
            {panel.content}
          </FormPanel>
        ))}
      </Stack>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1.5, mt: 3 }}>
        <Button
          color="inherit"
          variant="outlined"
          onClick={() => confirmDiscard(() => void navigate(backTo))}
        >
          Cancel
        </Button>
        <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
          {saveLabel}
        </Button>
      </Box>
      {dialog}
    </Box>
  );
}

/** One to three columns of inputs, by screen width. */
const PANEL_GRID = {
  display: 'grid',
  gridTemplateColumns: {
    xs: 'minmax(0, 1fr)',
    sm: 'repeat(2, minmax(0, 1fr))',
    lg: 'repeat(3, minmax(0, 1fr))',
  },
  columnGap: 2,
} as const;

const slug = (title: string) => title.toLowerCase().replace(/\W+/g, '-');

/** Which expandable panels of a page are open: all at first, and again after `openAll`. */
export function usePanelToggles() {
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const toggle = (title: string, open: boolean) =>
    setClosed((prev) => {
      const next = new Set(prev);
      if (open) next.delete(title);
      else next.add(title);
      return next;
    });
  return {
    expanded: (title: string) => !closed.has(title),
    toggle,
    openAll: () => setClosed(new Set()),
  };
}

/**
 * An expandable panel whose inputs sit in a responsive grid (one to three columns); with
 * `grid={false}` its content is laid out as given.
 */
export function FormPanel({
  title,
  expanded,
  onChange,
  children,
  grid = true,
}: {
  title: string;
  expanded: boolean;
  onChange: (open: boolean) => void;
  children: ReactNode;
  grid?: boolean;
}) {
  const id = `panel-${slug(title)}`;
  return (
    <Accordion
      expanded={expanded}
      onChange={(_, open) => onChange(open)}
      disableGutters
      variant="outlined"
      slotProps={{ heading: { component: 'h2' } }}
      sx={{ borderRadius: 2, '&::before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-content`} id={`${id}-header`}>
        <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
      </AccordionSummary>
      <AccordionDetails sx={grid ? { ...PANEL_GRID, pt: 0 } : undefined}>{children}</AccordionDetails>
    </Accordion>
  );
}

/**
 * A part of a form panel that starts on a new line and takes the whole width: one wide input (notes,
 * the status), or with `pairs` a group of inputs two by two (multi-selects, whose chips need room).
 */
export function FullRow({ children, pairs = false }: { children: ReactNode; pairs?: boolean }) {
  const grid = {
    ...PANEL_GRID,
    gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' },
  };
  return <Box sx={{ gridColumn: '1 / -1', ...(pairs ? grid : {}) }}>{children}</Box>;
}
