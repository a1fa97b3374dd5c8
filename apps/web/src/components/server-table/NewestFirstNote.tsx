import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { MESSAGES } from '@app/contract';

/**
 * Shown over a search answered newest first (more than 10,000 matches, decision 59): why the sort is not
 * applied, and a button that applies it anyway.
 */
export function NewestFirstNote({ column, onSort }: { column: string; onSort: () => void }) {
  return (
    <Alert severity="info" sx={{ mb: 2 }}>
      {MESSAGES.newestFirst(column)}
      {/* Under the sentence, aligned with it: beside it, a phone would leave the sentence a narrow column. */}
      <Box sx={{ ml: -0.625, mt: 0.5 }}>
        <Button color="inherit" size="small" onClick={onSort}>
          {MESSAGES.sortAnyway(column)}
        </Button>
      </Box>
    </Alert>
  );
}
