import { useId } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@app/contract';
import { formatDateTime, shownValue } from '../../lib/format.ts';
import { actionLabel, changedFields, entityLabel, fieldLabel, recordLabel, valueText } from './entries.ts';

const CELL_SX = { verticalAlign: 'top', wordBreak: 'break-word', whiteSpace: 'pre-wrap' } as const;

/** One entry of the log: who, when, where, and its changed fields as a Before / After table. */
export function AuditEntryDialog({
  entry,
  open,
  onClose,
}: {
  /** Kept while the dialog closes, so its content does not vanish during the animation. */
  entry: AuditEntry | null;
  open: boolean;
  onClose: () => void;
}) {
  const id = useId();
  const facts: [string, string][] = entry
    ? [
        ['When', formatDateTime(entry.at)],
        ['User', [entry.actor_name, entry.actor_email && `<${entry.actor_email}>`].filter(Boolean).join(' ')],
        ['IP', entry.ip ?? ''],
        ['Call', entry.call ?? ''],
        ['Action', actionLabel(entry)],
        ['Entity', entityLabel(entry)],
        ['Record', recordLabel(entry)],
      ]
    : [];
  const fields = entry ? changedFields(entry) : [];
  // A created or deleted row has one side only: its values.
  const bothSides = entry?.before != null && entry.after != null;
  const details = Object.entries(entry?.details ?? {});
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="md" fullWidth>
      <DialogTitle id={`${id}-title`}>Audit entry {entry ? `#${entry.id}` : ''}</DialogTitle>
      {/* Focusable, so a keyboard can scroll a long entry. */}
      <DialogContent dividers tabIndex={0} role="region" aria-label="Entry details">
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          {facts.map(([term, value]) => (
            <Box key={term} sx={{ display: 'contents' }}>
              <Typography component="dt" sx={{ fontWeight: 600 }}>
                {term}
              </Typography>
              <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
                {shownValue(value)}
              </Typography>
            </Box>
          ))}
        </Box>
        {fields.length > 0 && (
          <Table size="small" sx={{ mt: 3 }}>
            <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0, marginBottom: 8 }}>
              <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600 }}>
                {entry?.action === 'create'
                  ? 'Values'
                  : entry?.action === 'delete'
                    ? 'Values removed'
                    : 'Changes'}
              </Typography>
            </caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  Field
                </TableCell>
                {bothSides ? (
                  <>
                    <TableCell component="th" scope="col">
                      Before
                    </TableCell>
                    <TableCell component="th" scope="col">
                      After
                    </TableCell>
                  </>
                ) : (
                  <TableCell component="th" scope="col">
                    Value
                  </TableCell>
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {fields.map((f) => (
                <TableRow key={f.field}>
                  <TableCell component="th" scope="row" sx={{ ...CELL_SX, fontWeight: 600 }}>
                    {f.field}
                  </TableCell>
                  {(bothSides || entry?.action === 'delete') && (
                    <TableCell sx={CELL_SX}>{shownValue(f.before)}</TableCell>
                  )}
                  {(bothSides || entry?.action !== 'delete') && (
                    <TableCell sx={CELL_SX}>{shownValue(f.after)}</TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {details.length > 0 && (
          <Table size="small" sx={{ mt: 3 }}>
            <caption style={{ captionSide: 'top', textAlign: 'left', padding: 0, marginBottom: 8 }}>
              <Typography component="span" variant="subtitle1" sx={{ fontWeight: 600 }}>
                Details
              </Typography>
            </caption>
            <TableBody>
              {details.map(([key, value]) => (
                <TableRow key={key}>
                  <TableCell component="th" scope="row" sx={{ ...CELL_SX, fontWeight: 600, width: 160 }}>
                    {fieldLabel(key)}
                  </TableCell>
                  <TableCell sx={CELL_SX}>{shownValue(valueText(value))}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} variant="contained" autoFocus>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
