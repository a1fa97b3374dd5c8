import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { loadFailureReason } from '../lib/load-failure.ts';

interface LoadFailedProps {
  /** The failed query's error. */
  error: unknown;
  /** Asks again. */
  onRetry: () => void;
  /** What could not be loaded: 'list' unless told. */
  what?: string;
}

/** In place of a list whose load failed: why, in plain words, and a Retry that asks again. */
export function LoadFailed({ error, onRetry, what = 'list' }: LoadFailedProps) {
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 1,
        p: 2,
        textAlign: 'center',
        pointerEvents: 'auto',
      }}
    >
      <ErrorIcon color="error" aria-hidden />
      <Typography sx={{ fontWeight: 600 }}>This {what} could not be loaded.</Typography>
      <Typography color="text.secondary">{loadFailureReason(error)}</Typography>
      <Button variant="contained" onClick={onRetry} sx={{ mt: 1 }}>
        Retry
      </Button>
    </Box>
  );
}
