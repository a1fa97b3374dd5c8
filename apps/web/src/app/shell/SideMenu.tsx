import { useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import Collapse from '@mui/material/Collapse';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import GroupsIcon from '@mui/icons-material/Groups';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import TuneIcon from '@mui/icons-material/Tune';
import HomeIcon from '@mui/icons-material/Home';
import HomeWorkIcon from '@mui/icons-material/HomeWork';
import AssessmentIcon from '@mui/icons-material/Assessment';
import SettingsIcon from '@mui/icons-material/Settings';
import { usePermissions } from '../../lib/permissions.ts';
import { HOME } from '../../lib/paths.ts';
import { APP_ROUTES, MENU_GROUPS, type MenuGroup } from '../routes.tsx';

const GROUP_ICONS: Record<MenuGroup, React.ReactNode> = {
  Entity: <GroupsIcon />,
  Approvals: <FactCheckIcon />,
  Master: <TuneIcon />,
  Property: <HomeWorkIcon />,
  Reports: <AssessmentIcon />,
  Settings: <SettingsIcon />,
};

interface MenuEntry {
  to: string;
  label: string;
}

/** Builds the visible menu from the route table: entries the user may see, empty groups dropped. */
function useMenu(): { group: MenuGroup; entries: MenuEntry[] }[] {
  const { has } = usePermissions();
  return MENU_GROUPS.map((group) => ({
    group,
    entries: APP_ROUTES.filter((r) => has(r.permission)).flatMap((r) =>
      (r.menu ?? [])
        .filter((m) => m.group === group)
        .map((m) => ({ to: `${HOME}/${r.path}`, label: m.label })),
    ),
  })).filter((g) => g.entries.length > 0);
}

export function SideMenu({ onNavigate }: { onNavigate?: () => void }) {
  const menu = useMenu();
  const { pathname } = useLocation();
  const [open, setOpen] = useState<Partial<Record<MenuGroup, boolean>>>(() => {
    const current = menu.find((g) => g.entries.some((e) => pathname.startsWith(e.to)));
    return current ? { [current.group]: true } : {};
  });

  return (
    <nav aria-label="Main menu">
      <List dense disablePadding>
        <li>
          <ListItemButton component={NavLink} to={HOME} end selected={pathname === HOME} onClick={onNavigate}>
            <ListItemIcon sx={{ minWidth: 40 }}>
              <HomeIcon />
            </ListItemIcon>
            <ListItemText primary="Home" slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
          </ListItemButton>
        </li>
        {menu.map(({ group, entries }) => {
          const expanded = !!open[group];
          const listId = `menu-group-${group}`;
          return (
            <li key={group}>
              <ListItemButton
                onClick={() => setOpen((o) => ({ ...o, [group]: !o[group] }))}
                aria-expanded={expanded}
                aria-controls={listId}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>{GROUP_ICONS[group]}</ListItemIcon>
                <ListItemText primary={group} slotProps={{ primary: { sx: { fontWeight: 600 } } }} />
                {expanded ? <ExpandLess /> : <ExpandMore />}
              </ListItemButton>
              <Collapse in={expanded} timeout="auto">
                <List id={listId} dense disablePadding>
                  {entries.map((e) => (
                    <li key={`${group}-${e.to}`}>
                      <ListItemButton
                        component={NavLink}
                        to={e.to}
                        selected={pathname === e.to}
                        onClick={onNavigate}
                        sx={{ pl: 9 }}
                      >
                        <ListItemText primary={e.label} />
                      </ListItemButton>
                    </li>
                  ))}
                </List>
              </Collapse>
            </li>
          );
        })}
      </List>
    </nav>
  );
}
