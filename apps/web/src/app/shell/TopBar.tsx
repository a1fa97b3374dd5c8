import { lazy, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import AccountCircle from '@mui/icons-material/AccountCircle';
import CheckIcon from '@mui/icons-material/Check';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import KeyIcon from '@mui/icons-material/Key';
import LogoutIcon from '@mui/icons-material/Logout';
import MenuIcon from '@mui/icons-material/Menu';
import PersonIcon from '@mui/icons-material/Person';
import { THEMES } from '@app/contract';
import { OnceOpened } from '../../components/OnceOpened.tsx';
import { NotificationBell } from '../../features/notifications/NotificationBell.tsx';
import { useLogout, useSession } from '../../lib/auth.ts';
import { whenLeaving } from '../../lib/leave-guard.ts';
import { HOME, LOGIN_PATH } from '../../lib/paths.ts';
import { useThemeSettings } from '../ThemeSettings.tsx';
import { SearchBox } from './SearchBox.tsx';

const ChangePasswordDialog = lazy(async () => ({
  default: (await import('../../features/account/ChangePasswordDialog.tsx')).ChangePasswordDialog,
}));

export function TopBar({ onMenuClick }: { onMenuClick: () => void }) {
  const navigate = useNavigate();
  const { data: session } = useSession();
  const logout = useLogout();
  const { themeId, mode, setThemeId, setMode } = useThemeSettings();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [changePasswordOpen, setChangePasswordOpen] = useState(false);
  const close = () => setAnchor(null);

  const fullName = session?.userData.full_name ?? '';
  const roles = session?.userRole.join(', ') ?? '';

  const onLogout = () => {
    close();
    whenLeaving(() => {
      void logout().then((done) => {
        if (done) void navigate(LOGIN_PATH, { replace: true });
      });
    });
  };

  return (
    <AppBar position="fixed" color="primary" enableColorOnDark sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
      <Toolbar>
        <IconButton
          color="inherit"
          edge="start"
          aria-label="Open menu"
          onClick={onMenuClick}
          sx={{ mr: 1, display: { md: 'none' } }}
        >
          <MenuIcon />
        </IconButton>
        <Typography variant="h6" component="div" noWrap sx={{ flexGrow: 1 }}>
          <Link component={RouterLink} to={HOME} color="inherit" underline="none">
            Pinoy Property
          </Link>
        </Typography>
        <SearchBox />
        <NotificationBell />
        <Box sx={{ textAlign: 'right', mx: 1, display: { xs: 'none', sm: 'block' } }}>
          <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
            {fullName}
          </Typography>
          <Typography variant="caption">{roles}</Typography>
        </Box>
        <IconButton
          color="inherit"
          aria-label="Account menu"
          aria-haspopup="menu"
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <AccountCircle />
        </IconButton>
        <Menu
          anchorEl={anchor}
          open={!!anchor}
          onClose={close}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <MenuItem
            onClick={() => {
              close();
              whenLeaving(() => navigate(`${HOME}/account-details`));
            }}
          >
            <ListItemIcon>
              <PersonIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Account Details</ListItemText>
          </MenuItem>
          <MenuItem
            onClick={() => {
              close();
              setChangePasswordOpen(true);
            }}
          >
            <ListItemIcon>
              <KeyIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Change Password</ListItemText>
          </MenuItem>
          <MenuItem
            role="menuitemcheckbox"
            aria-checked={mode === 'dark'}
            onClick={() => setMode(mode === 'dark' ? 'light' : 'dark')}
          >
            <ListItemIcon>
              <DarkModeIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Dark mode</ListItemText>
            <Switch
              edge="end"
              size="small"
              checked={mode === 'dark'}
              tabIndex={-1}
              slotProps={{ input: { 'aria-hidden': true, tabIndex: -1 } }}
              sx={{ pointerEvents: 'none' }}
            />
          </MenuItem>
          <Divider />
          <ListSubheader>Theme colour</ListSubheader>
          {THEMES.map((t) => (
            <MenuItem
              key={t.id}
              role="menuitemradio"
              aria-checked={themeId === t.id}
              onClick={() => setThemeId(t.id)}
            >
              <ListItemIcon>{themeId === t.id ? <CheckIcon fontSize="small" /> : null}</ListItemIcon>
              <ListItemText>{t.name}</ListItemText>
            </MenuItem>
          ))}
          <Divider />
          <MenuItem onClick={onLogout}>
            <ListItemIcon>
              <LogoutIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>Logout</ListItemText>
          </MenuItem>
        </Menu>
      </Toolbar>
      <OnceOpened open={changePasswordOpen}>
        <ChangePasswordDialog open={changePasswordOpen} onClose={() => setChangePasswordOpen(false)} />
      </OnceOpened>
    </AppBar>
  );
}
