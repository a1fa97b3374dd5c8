import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { HEADER_HEIGHT } from './columns.ts';

/** Over the rows (not part of the grid): loading, or why there are none. */
export function Overlay({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        // Over the sticky header (2) and Actions column (1) too, which would show undimmed through it.
        zIndex: 3,
        inset: `${HEADER_HEIGHT}px 0 0 0`,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: (theme) => alpha(theme.palette.background.default, theme.palette.action.disabledOpacity),
        pointerEvents: 'none',
      }}
    >
      {children}
    </Box>
  );
}
