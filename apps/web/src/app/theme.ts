import { createTheme, type Theme } from '@mui/material/styles';
import type { ThemeId } from '@app/contract';

export type ColorMode = 'light' | 'dark';

/** Primary colours per theme and mode, chosen for WCAG AA contrast against their text. */
const PRIMARY: Record<ThemeId, Record<ColorMode, string>> = {
  1: { light: '#6a1b9a', dark: '#ce93d8' }, // Purple
  2: { light: '#1565c0', dark: '#90caf9' }, // Blue
  6: { light: '#b33c00', dark: '#ffb74d' }, // Orange
};
/**
 * A contained button's hover colour in dark mode. MUI darkens the main colour by 30%, which under the
 * black text of these light primaries falls below 4.5:1 (Purple: 4.1, a hovered Close failed axe).
 */
const DARK_HOVER: Record<ThemeId, string> = { 1: '#ba68c8', 2: '#64b5f6', 6: '#ffa726' };
const SECONDARY: Record<ColorMode, string> = { light: '#37474f', dark: '#b0bec5' };

export function createAppTheme(themeId: ThemeId, mode: ColorMode): Theme {
  // Where the keyboard is (issue 21 item 11): the ripple alone is too faint to see on a row's icons.
  const focusRing = { outline: `2px solid ${PRIMARY[themeId][mode]}`, outlineOffset: 2 };
  const keyboardFocus = { '&.Mui-focusVisible, &:focus-visible': focusRing };
  return createTheme({
    palette: {
      mode,
      contrastThreshold: 4.5,
      primary: { main: PRIMARY[themeId][mode], ...(mode === 'dark' && { dark: DARK_HOVER[themeId] }) },
      secondary: { main: SECONDARY[mode] },
      ...(mode === 'dark' ? { background: { default: '#121212', paper: '#1e1e1e' } } : {}),
    },
    shape: { borderRadius: 8 },
    components: {
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true, margin: 'dense' } },
      MuiIconButton: { styleOverrides: { root: keyboardFocus } },
      MuiCheckbox: { styleOverrides: { root: keyboardFocus } },
      MuiRadio: { styleOverrides: { root: keyboardFocus } },
      // The switch clips what is outside its track: the ring goes round the thumb.
      MuiSwitch: { styleOverrides: { switchBase: { '&.Mui-focusVisible .MuiSwitch-thumb': focusRing } } },
      MuiLink: { styleOverrides: { root: keyboardFocus } },
    },
  });
}
