import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import { SEARCH_MIN_LENGTH, SEARCHABLE, searchApi } from '@app/contract';
import { whenLeaving } from '../../lib/leave-guard.ts';
import { loadFailureReason } from '../../lib/load-failure.ts';
import { usePermissions } from '../../lib/permissions.ts';
import { callQuery } from '../../lib/queries.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { matchingScreens, recordGroup, type TargetGroup } from './search-targets.ts';

/** As the searched choosers (decision 21): one request per burst of typing. */
const DEBOUNCE_MS = 250;

/**
 * The global search (Ctrl-K): one text box, the screens and records it finds grouped by kind below
 * it. Arrow keys move through them, Enter opens one, Escape closes (decision 44).
 */
export function GlobalSearchDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const { has } = usePermissions();
  const fullScreen = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim(), DEBOUNCE_MS);
  const searchable = SEARCHABLE.test(q);
  const records = useQuery({ ...callQuery(searchApi.globalSearch, { q }), enabled: open && searchable });
  const id = useId();

  const groups: TargetGroup[] = useMemo(() => {
    const screens = matchingScreens(text, (r) => has(r.permission));
    const found =
      searchable && records.data
        ? records.data.groups.filter((g) => g.hits.length).map((g) => recordGroup(g.kind, g.hits))
        : [];
    return [...(screens.length ? [{ label: 'Screens', targets: screens }] : []), ...found];
  }, [text, has, searchable, records.data]);
  const targets = groups.flatMap((g) => g.targets);
  /** Where each group's options start in `targets` (an option's id is its place there). */
  const starts = groups.map((_, g) => groups.slice(0, g).reduce((n, x) => n + x.targets.length, 0));
  const current = Math.min(active, targets.length - 1);
  const optionId = (i: number) => `${id}-option-${i}`;

  const close = () => {
    setText('');
    setActive(0);
    onClose();
  };
  const go = (to: string) => {
    close();
    whenLeaving(() => void navigate(to));
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!targets.length) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + targets.length) % targets.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      go(targets[current]!.to);
    }
  };

  const loading = searchable && records.isFetching;
  const status = !text.trim()
    ? 'Type a name, e-mail, phone, address or screen.'
    : loading
      ? 'Searching…'
      : targets.length
        ? `${targets.length} found`
        : !searchable
          ? `Type at least ${SEARCH_MIN_LENGTH} letters or digits in a row to search records.`
          : records.isError
            ? ''
            : 'No matches';
  return (
    <Dialog
      open={open}
      onClose={close}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${id}-title`}
      sx={{ '& .MuiDialog-container': { alignItems: 'flex-start' } }}
    >
      <DialogTitle id={`${id}-title`} sx={{ pb: 1, display: 'flex', alignItems: 'center' }}>
        <Box component="span" sx={{ flexGrow: 1 }}>
          Search
        </Box>
        {/* A phone has no Escape key. */}
        <IconButton aria-label="Close search" edge="end" onClick={close}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <Box sx={{ px: 3, pb: 2 }}>
        <TextField
          autoFocus
          fullWidth
          size="small"
          label="Search records and screens"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-expanded': targets.length > 0,
              'aria-controls': `${id}-results`,
              'aria-autocomplete': 'list',
              'aria-activedescendant': targets.length ? optionId(current) : undefined,
              maxLength: 100,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon />
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography role="status" variant="body2" color="text.secondary" sx={{ mt: 1, minHeight: 20 }}>
          {status}
        </Typography>
        {searchable && records.isError && (
          <Alert severity="error" sx={{ mt: 1 }}>
            Could not search records. {loadFailureReason(records.error)}
          </Alert>
        )}
        <Box
          component="ul"
          role="listbox"
          id={`${id}-results`}
          aria-label="Results"
          sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: fullScreen ? 'none' : '60vh', overflowY: 'auto' }}
        >
          {groups.map((group, g) => (
            <Box component="li" role="presentation" key={group.label}>
              <Box component="ul" role="group" aria-labelledby={`${id}-${group.label}`} sx={{ p: 0 }}>
                <Typography
                  component="li"
                  role="presentation"
                  id={`${id}-${group.label}`}
                  variant="overline"
                  color="text.secondary"
                  sx={{ display: 'block', mt: 1 }}
                >
                  {group.label}
                </Typography>
                {group.targets.map((target, t) => {
                  const i = starts[g]! + t;
                  const selected = i === current;
                  return (
                    <Box
                      component="li"
                      role="option"
                      key={target.key}
                      id={optionId(i)}
                      aria-selected={selected}
                      onMouseMove={() => setActive(i)}
                      onClick={() => go(target.to)}
                      sx={{
                        px: 1.5,
                        py: 0.75,
                        borderRadius: 1,
                        cursor: 'pointer',
                        bgcolor: selected ? 'action.selected' : undefined,
                      }}
                    >
                      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                        {target.title}
                      </Typography>
                      {target.subtitle && (
                        <Typography
                          variant="caption"
                          color="text.secondary"
                          sx={{ overflowWrap: 'anywhere' }}
                        >
                          {target.subtitle}
                        </Typography>
                      )}
                    </Box>
                  );
                })}
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
    </Dialog>
  );
}
