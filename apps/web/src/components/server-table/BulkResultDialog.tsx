import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useId } from 'react';
import type { BulkAnswer } from '@app/contract';

/** The rows listed by name; more are counted. */
const SHOWN = 100;

/** What a bulk action did: the summary, and which rows were refused and why. */
export function BulkResultDialog({ answer, onClose }: { answer: BulkAnswer | null; onClose: () => void }) {
  const id = useId();
  const refused = answer?.refused ?? [];
  return (
    <Dialog open={!!answer} onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="sm" fullWidth>
      <DialogTitle id={`${id}-title`}>Result</DialogTitle>
      <DialogContent>
        <DialogContentText>{answer?.message}</DialogContentText>
        {refused.length > 0 && (
          <List dense aria-label="Refused rows">
            {refused.slice(0, SHOWN).map((r) => (
              <ListItem key={r.id} disableGutters>
                <ListItemText primary={r.label} secondary={r.reason} />
              </ListItem>
            ))}
            {refused.length > SHOWN && (
              <ListItem disableGutters>
                <ListItemText primary={`and ${refused.length - SHOWN} more`} />
              </ListItem>
            )}
          </List>
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
