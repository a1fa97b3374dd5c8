import { lazy, useLayoutEffect, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import SearchIcon from '@mui/icons-material/Search';
import { OnceOpened } from '../../components/OnceOpened.tsx';

const GlobalSearchDialog = lazy(async () => ({
  default: (await import('./GlobalSearchDialog.tsx')).GlobalSearchDialog,
}));

/** Ctrl-K or Cmd-K anywhere opens the search (and the browser's own use of it gives way). */
const isSearchKey = (e: KeyboardEvent) =>
  (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k';

/**
 * The global search in the top bar: a box that opens it (an icon button on a phone), and Ctrl-K / Cmd-K.
 * The dialog's code loads the first time it opens.
 */
export function SearchBox() {
  const [open, setOpen] = useState(false);
  // Before the first paint, so that once the top bar shows, the shortcut works (a key pressed between
  // the paint and a plain effect was lost: the browser tests' Ctrl-K, once in CI).
  useLayoutEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!isSearchKey(e)) return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  return (
    <>
      <ButtonBase
        onClick={() => setOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        sx={{
          display: { xs: 'none', sm: 'flex' },
          alignItems: 'center',
          gap: 1,
          mx: 1,
          px: 1.5,
          py: 0.75,
          width: { sm: 200, md: 280 },
          borderRadius: 1,
          color: 'inherit',
          bgcolor: 'rgba(255, 255, 255, 0.15)',
          '&:hover': { bgcolor: 'rgba(255, 255, 255, 0.25)' },
          justifyContent: 'flex-start',
        }}
      >
        <SearchIcon fontSize="small" />
        <Box component="span" sx={{ flexGrow: 1, textAlign: 'left' }}>
          Search
        </Box>
        <Box
          component="kbd"
          sx={{ fontFamily: 'inherit', fontSize: 12, border: 1, borderRadius: 0.5, px: 0.5 }}
        >
          Ctrl K
        </Box>
      </ButtonBase>
      <IconButton
        color="inherit"
        aria-label="Search everything"
        aria-keyshortcuts="Control+K Meta+K"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        sx={{ display: { xs: 'inline-flex', sm: 'none' } }}
      >
        <SearchIcon />
      </IconButton>
      <OnceOpened open={open}>
        <GlobalSearchDialog open={open} onClose={() => setOpen(false)} />
      </OnceOpened>
    </>
  );
}
