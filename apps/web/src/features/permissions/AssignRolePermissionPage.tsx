import { Fragment, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { MESSAGES } from '@app/contract';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { showServerMessage } from '../../lib/api.ts';
import { saveAssignment, useRolePermissions, type PermissionRow } from './api.ts';

/**
 * Below 600 px the table keeps to the window: fixed columns with tighter padding, the names taking
 * what is left and breaking onto lines (a permission may be one long word). Wider, the table is laid
 * out by its content as before.
 */
const FITTED = (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    tableLayout: 'fixed',
    '& .MuiTableCell-root': { px: 1, overflowWrap: 'anywhere' },
    '& thead th:nth-of-type(1)': { width: 36 },
    '& thead th:nth-of-type(2)': { width: 104 },
    '& thead th:nth-of-type(4)': { width: 74 },
  },
});

/**
 * A name with chances to break between words run together (BrokerLinkedBrokerAssociationReports).
 * Only where it must break: separate runs of text are drawn a little differently (no kerning across).
 */
const breakable = (name: string) =>
  name.split(/(?<=[a-z])(?=[A-Z])/).flatMap((word, i) => (i === 0 ? [word] : [<wbr key={i} />, word]));

/** Settings > Role Permissions > assign: one switch per permission, grouped by module. */
export default function AssignRolePermissionPage() {
  const { roleId: rawRoleId } = useParams();
  const [searchParams] = useSearchParams();
  const roleId = Number(rawRoleId);
  const name = searchParams.get('name') ?? '';
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));

  const { data, isPending, isError, isFetching, error, refetch } = useRolePermissions(roleId);
  const rows = useMemo(() => data?.roleData?.data ?? [], [data]);
  const serverAssigned = useMemo(
    () => new Set(rows.filter((r) => r.is_permission_assigned === 1).map((r) => r.permission_id)),
    [rows],
  );
  // Local edits; null follows the server's answer (after load and after Reset).
  const [edited, setEdited] = useState<ReadonlySet<number> | null>(null);
  const assigned = edited ?? serverAssigned;
  const [saving, setSaving] = useState(false);
  const [resetting, setResetting] = useState(false);

  // Rows grouped by module (the server orders them by module, then name).
  const groups = useMemo(() => {
    const map = new Map<string, PermissionRow[]>();
    for (const row of rows) {
      const list = map.get(row.Module) ?? [];
      list.push(row);
      map.set(row.Module, list);
    }
    return [...map.entries()];
  }, [rows]);

  // One switch per row, not the spec's switch and checkbox bound to the same value (decision 91).
  const toggle = async (row: PermissionRow) => {
    const before = assigned;
    const next = new Set(before);
    if (next.has(row.permission_id)) next.delete(row.permission_id);
    else next.add(row.permission_id);
    setEdited(next);
    try {
      showServerMessage(await saveAssignment(roleId, next));
    } catch {
      // alerted by the api client (409 Super Admin, 403 not held); the switch reverts
      setEdited(before);
    }
  };

  const save = async () => {
    setSaving(true);
    try {
      showServerMessage(await saveAssignment(roleId, assigned));
    } catch {
      // alerted by the api client
    } finally {
      setSaving(false);
    }
  };

  const reset = async () => {
    setResetting(true);
    try {
      await refetch();
      setEdited(null);
    } finally {
      setResetting(false);
    }
  };

  let rowNo = 0;
  return (
    <>
      <PageHeader
        section="Settings"
        title="Role Permissions"
        heading={`Role Permission Assign For ${name}`}
        actions={
          // Shown once the assignment is loaded: Save before that would send an empty list.
          data &&
          !isError && (
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button variant="contained" onClick={() => void save()} disabled={saving}>
                {saving ? 'Processing' : 'Save'}
              </Button>
              <Button variant="outlined" onClick={() => void reset()} disabled={resetting || saving}>
                Reset
              </Button>
            </Box>
          )
        }
      />
      <Paper sx={{ p: 2 }}>
        {isError && !isFetching ? (
          <LoadFailed error={error} onRetry={() => void refetch()} />
        ) : isPending || isError ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }} role="status">
            <CircularProgress size={24} aria-hidden />
            <Typography>{MESSAGES.loading}</Typography>
          </Box>
        ) : rows.length === 0 ? (
          <Typography>{MESSAGES.noData}</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={`Permissions of ${name}`} sx={FITTED}>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ width: 60 }}>#</TableCell>
                  <TableCell>Module</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell sx={{ width: 100 }}>Actions</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {groups.map(([module, list]) => (
                  <Fragment key={module}>
                    {list.map((row, i) => {
                      rowNo += 1;
                      return (
                        <TableRow key={row.permission_id}>
                          <TableCell>{rowNo}</TableCell>
                          {i === 0 && (
                            <TableCell
                              component="th"
                              scope="rowgroup"
                              rowSpan={list.length}
                              sx={{ verticalAlign: 'top', fontWeight: 600 }}
                            >
                              {module}
                            </TableCell>
                          )}
                          <TableCell>
                            {phone ? breakable(row.permission_name) : row.permission_name}
                          </TableCell>
                          <TableCell>
                            <Switch
                              checked={assigned.has(row.permission_id)}
                              onChange={() => void toggle(row)}
                              slotProps={{ input: { 'aria-label': row.permission_name } }}
                            />
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Paper>
    </>
  );
}
