import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Typography from '@mui/material/Typography';

interface PageHeaderProps {
  /** Breadcrumb middle part: Home > {section} > {title}. */
  section: string;
  title: string;
  /** Page heading (the page's one h1); defaults to the title. */
  heading?: string;
  actions?: ReactNode;
}

export function PageHeader({ section, title, heading, actions }: PageHeaderProps) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2, mb: 2, flexWrap: 'wrap' }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Breadcrumbs separator=">" aria-label="Breadcrumb">
          <Typography color="text.secondary">Home</Typography>
          <Typography color="text.secondary">{section}</Typography>
          <Typography color="text.primary">{title}</Typography>
        </Breadcrumbs>
        <Typography variant="h5" component="h1" sx={{ mt: 0.5 }}>
          {heading ?? title}
        </Typography>
      </Box>
      {actions}
    </Box>
  );
}
