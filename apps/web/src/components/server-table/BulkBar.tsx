import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import type { BulkAnswer, GetCall } from '@app/contract';
import { apiDownload, type QueryParams } from '../../lib/api.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { BulkResultDialog } from './BulkResultDialog.tsx';
import type { BulkSelection, RowSelection } from './use-row-selection.ts';

/** An action on the selected rows: its button, its confirmation and its call. */
export interface BulkAction {
  label: string;
  /** The confirmation's title and question for `n` rows. */
  title: string;
  text: (n: number) => string;
  /** What the confirmation asks for besides (a status, a reason, an agent), with `ready` once given. */
  inputs?: () => ReactNode;
  ready?: boolean;
  /** Opens the confirmation afresh (clears what an earlier one was given). */
  onOpen?: () => void;
  run: (selection: BulkSelection) => Promise<BulkAnswer>;
}

interface BulkBarProps {
  selection: RowSelection;
  /** Rows matching the list's query, and the list's own query (search and filters). */
  total: number;
  matching: QueryParams;
  actions: readonly BulkAction[];
  /** The list call whose export takes the selection (`ids`). */
  exportCall: GetCall;
  noun: string;
}

/** Over a list with rows selected: how many, 'Select all N matching', the actions and the export. */
export function BulkBar({ selection, total, matching, actions, exportCall, noun }: BulkBarProps) {
  const [asked, setAsked] = useState<{ label: string; open: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<BulkAnswer | null>(null);
  const count = selection.count(total);
  // The action as given now: its inputs read the feature's current state.
  const action = actions.find((a) => a.label === asked?.label);

  const confirm = async () => {
    if (!action) return;
    setBusy(true);
    try {
      setAnswer(await action.run(selection.toRequest(matching)));
      selection.clear();
    } catch {
      // alerted by the api client
    } finally {
      setBusy(false);
      setAsked((a) => a && { ...a, open: false });
    }
  };
  const exportSelection = () =>
    void apiDownload(
      exportCall,
      selection.all ? matching : { ...matching, ids: [...selection.ids].join(',') },
    ).catch(() => undefined);

  return (
    <>
      {count > 0 && (
        <Box
          role="region"
          aria-label="Selected rows"
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            flexWrap: 'wrap',
            mb: 2,
            p: 1,
            borderRadius: 1,
            bgcolor: 'action.selected',
          }}
        >
          <Typography aria-live="polite" sx={{ mr: 1 }}>
            {selection.all ? `All ${total} matching ${noun} selected` : `${count} selected`}
          </Typography>
          {!selection.all && selection.pageSelected && total > count && (
            <Button size="small" onClick={selection.selectAllMatching}>
              Select all {total} matching
            </Button>
          )}
          <Button size="small" color="inherit" onClick={selection.clear}>
            Clear selection
          </Button>
          <Box sx={{ flexGrow: 1 }} />
          {actions.map((a) => (
            <Button
              key={a.label}
              size="small"
              variant="outlined"
              onClick={() => {
                a.onOpen?.();
                setAsked({ label: a.label, open: true });
              }}
            >
              {a.label}
            </Button>
          ))}
          <Button size="small" variant="outlined" startIcon={<FileDownloadIcon />} onClick={exportSelection}>
            Export selection
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={!!asked?.open}
        title={action?.title ?? ''}
        text={action?.text(count) ?? ''}
        onCancel={() => setAsked((a) => a && { ...a, open: false })}
        onConfirm={() => void confirm()}
        busy={busy || action?.ready === false}
      >
        {action?.inputs?.()}
      </ConfirmDialog>
      <BulkResultDialog answer={answer} onClose={() => setAnswer(null)} />
    </>
  );
}
