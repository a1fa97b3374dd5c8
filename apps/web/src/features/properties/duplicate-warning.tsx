import { useCallback, useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { DUPLICATE_RULES, propertyDuplicateApi, type LikelyDuplicate, type RequestOf } from '@app/contract';
import { apiPost } from '../../lib/api.ts';
import { formatMoney } from '../../lib/format.ts';
import { propertyFormPath } from './paths.ts';

const CHECK = propertyDuplicateApi.CheckDuplicateProperty;
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** EntityForm's `confirmSend`. */
export type ConfirmSend = (
  body: Record<string, unknown>,
  send: (body: Record<string, unknown>) => Promise<void>,
) => Promise<boolean>;

/** A save waiting on the person: the likely duplicates shown, and how the wait ends. */
interface Waiting {
  found: LikelyDuplicate[];
  save: () => void;
  back: () => void;
}

/**
 * The duplicate-listing warning (decision 48): before a listing is sent, its likely duplicates are
 * asked for; when there are any, a dialog lists them with links, and the person saves anyway or goes
 * back (or to the other listing). `confirmSend` is EntityForm's; a check that fails never stops a save.
 */
export function useDuplicateWarning() {
  const [waiting, setWaiting] = useState<Waiting | null>(null);
  const confirmSend = useCallback<ConfirmSend>(async (body, send) => {
    // The save's body holds every field the check reads, under the same names.
    const request = body as RequestOf<typeof CHECK>;
    const found: LikelyDuplicate[] = await apiPost(CHECK, request, {
      silent: true,
      allowForbidden: true,
    }).then(
      (answer) => answer.resultData,
      () => [],
    );
    if (found.length > 0) {
      const saving = await new Promise<boolean>((resolve) =>
        setWaiting({ found, save: () => resolve(true), back: () => resolve(false) }),
      );
      setWaiting(null);
      if (!saving) return false;
    }
    await send(body);
    return true;
  }, []);
  const dialog = waiting && <DuplicatesDialog {...waiting} />;
  return { confirmSend, dialog };
}

function DuplicatesDialog({ found, save, back }: Waiting) {
  const id = useId();
  return (
    <Dialog open onClose={back} aria-labelledby={`${id}-title`} aria-describedby={`${id}-text`} fullWidth>
      <DialogTitle id={`${id}-title`}>Possible duplicate listings</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>
          {found.length === 1 ? 'This listing looks like another one' : 'This listing looks like others'}: the
          same barangay, land area and price within {percent(DUPLICATE_RULES.tolerance)}, a similar name and
          street. Check before saving.
        </DialogContentText>
        <List aria-label="Likely duplicates">
          {found.map((d, i) => (
            <ListItem key={d.property_id ?? `other-${i}`} disableGutters sx={{ display: 'block' }}>
              {d.in_scope && d.property_id !== null ? (
                <>
                  <Link component={RouterLink} to={propertyFormPath(d.property_id)} onClick={back}>
                    {d.property_name}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {[
                      d.address,
                      d.land_area !== null && `${d.land_area} sq m`,
                      formatMoney(d.price),
                      d.status,
                      d.agent_name && `Agent ${d.agent_name}`,
                      `${percent(d.similarity)} alike`,
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                </>
              ) : (
                <Typography variant="body2">
                  A listing outside yours, by {d.agent_name ?? 'another user'}
                  {d.agency_name ? ` (${d.agency_name})` : ''}: {percent(d.similarity)} alike
                </Typography>
              )}
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={back} color="inherit">
          Back to the form
        </Button>
        <Button onClick={save} variant="contained" autoFocus>
          Save anyway
        </Button>
      </DialogActions>
    </Dialog>
  );
}
