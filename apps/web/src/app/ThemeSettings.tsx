import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { THEMES, type ThemeId } from '@app/contract';
import { createAppTheme, type ColorMode } from './theme.ts';

const STORAGE_KEY = 'pp.theme';

interface ThemeSettings {
  themeId: ThemeId;
  mode: ColorMode;
  setThemeId: (id: ThemeId) => void;
  setMode: (mode: ColorMode) => void;
}

const ThemeSettingsContext = createContext<ThemeSettings | null>(null);

function readStored(): { themeId: ThemeId; mode: ColorMode } {
  // Purple, dark: the spec's start state.
  const fallback = { themeId: 1 as ThemeId, mode: 'dark' as ColorMode };
  try {
    const raw = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as {
      themeId?: unknown;
      mode?: unknown;
    } | null;
    const themeId = THEMES.find((t) => t.id === raw?.themeId)?.id ?? fallback.themeId;
    const mode = raw?.mode === 'light' || raw?.mode === 'dark' ? raw.mode : fallback.mode;
    return { themeId, mode };
  } catch {
    return fallback;
  }
}

export function ThemeSettingsProvider({ children }: { children: ReactNode }) {
  const [settings, setSettings] = useState(readStored);

  const value = useMemo<ThemeSettings>(() => {
    const save = (next: { themeId: ThemeId; mode: ColorMode }) => {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      setSettings(next);
    };
    return {
      ...settings,
      setThemeId: (themeId) => save({ ...settings, themeId }),
      setMode: (mode) => save({ ...settings, mode }),
    };
  }, [settings]);

  const theme = useMemo(() => createAppTheme(settings.themeId, settings.mode), [settings]);

  return (
    <ThemeSettingsContext value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeSettingsContext>
  );
}

export function useThemeSettings(): ThemeSettings {
  const ctx = useContext(ThemeSettingsContext);
  if (!ctx) throw new Error('useThemeSettings outside ThemeSettingsProvider');
  return ctx;
}
