import { useId, useState, type ReactNode } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import type { SxProps, Theme } from '@mui/material/styles';

interface MenuButtonProps {
  label: string;
  icon: ReactNode;
  /** The menu's accessible name. */
  menuLabel: string;
  paperSx?: SxProps<Theme>;
  /** The menu's items, given a way to close the menu. */
  children: (close: () => void) => ReactNode;
}

/** An outlined button opening a dense menu under it, with the menu button's ARIA attributes. */
export function MenuButton({ label, icon, menuLabel, paperSx, children }: MenuButtonProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const id = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        variant="outlined"
        startIcon={icon}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? `${id}-menu` : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {label}
      </Button>
      <Menu
        id={`${id}-menu`}
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        slotProps={{ list: { 'aria-label': menuLabel, dense: true }, paper: { sx: paperSx } }}
      >
        {children(close)}
      </Menu>
    </>
  );
}
