import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import NewReleasesIcon from '@mui/icons-material/NewReleases';

/** The width of a list's Status column holding a StatusSwitch. */
export const STATUS_SWITCH_WIDTH = 150;

interface StatusSwitchProps {
  /** The status shown: 'Active' (on), 'Inactive' or 'New' (off). */
  status: string;
  /** The record's name, in the switch's accessible name. */
  name: string;
  onToggle: () => void;
}

/**
 * A row's status switch with its status written beside it, and said in its name ('Status of Maria
 * Santos: New'): off alone cannot tell a New user from an Inactive one. New is marked besides.
 */
export function StatusSwitch({ status, name, onToggle }: StatusSwitchProps) {
  const isNew = status === 'New';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, height: '100%' }}>
      <Switch
        size="small"
        checked={status === 'Active'}
        onChange={onToggle}
        slotProps={{ input: { 'aria-label': `Status of ${name}: ${status}` } }}
      />
      {isNew && <NewReleasesIcon fontSize="small" color="info" aria-hidden />}
      {/* Hidden from screen readers: the switch's name says it already. */}
      <Typography
        component="span"
        variant="body2"
        aria-hidden
        sx={{
          fontWeight: isNew ? 700 : undefined,
          color: status === 'Inactive' ? 'text.secondary' : 'text.primary',
        }}
      >
        {status}
      </Typography>
    </Box>
  );
}
