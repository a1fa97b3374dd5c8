import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PageHeader } from './PageHeader.tsx';

/** Placeholder for a screen that is routed but not built yet. */
export function ComingSoon({ title, section }: { title: string; section: string }) {
  return (
    <>
      <PageHeader section={section} title={title} />
      <Paper sx={{ p: 4 }}>
        <Typography>Coming soon</Typography>
      </Paper>
    </>
  );
}
