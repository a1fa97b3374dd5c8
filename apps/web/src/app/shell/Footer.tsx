import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export function Footer() {
  return (
    <Box
      component="footer"
      sx={{ py: 1.5, px: 3, borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}
    >
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()} Pinoy Property · Version {__APP_VERSION__}
      </Typography>
    </Box>
  );
}
