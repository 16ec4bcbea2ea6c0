import { isLanguage } from '@lockerops/contract';
import type { PaletteMode } from '@mui/material';
import { CssBaseline, createTheme, ThemeProvider } from '@mui/material';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrganizationSelf, usePublicOrganization } from '../api/organizations';
import { STORAGE_KEYS } from '../api/session';
import { muiLocales } from '../i18n/mui';
import { createAppTheme, DEFAULT_THEME_COLOR, isThemeColor, type TThemeColor } from './theme';

interface ThemePreferences {
  mode: PaletteMode;
  color: TThemeColor;
  toggleMode: () => void;
  setColor: (c: TThemeColor) => void;
}

const ThemePreferencesContext = createContext<ThemePreferences | null>(null);

export function useThemePreferences(): ThemePreferences {
  const ctx = useContext(ThemePreferencesContext);
  if (!ctx) throw new Error('useThemePreferences outside AppThemeProvider');
  return ctx;
}

const readMode = (): PaletteMode =>
  localStorage.getItem(STORAGE_KEYS.themeMode) === 'dark' ? 'dark' : 'light';
const readColor = (): TThemeColor => {
  const c = localStorage.getItem(STORAGE_KEYS.themeColor);
  return isThemeColor(c) ? c : DEFAULT_THEME_COLOR;
};

/**
 * Theme mode and colour saved in localStorage (themeMode, themeColor); white-label colours win.
 * MUI's, the DataGrid's and the date pickers' own texts follow the console's language.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<PaletteMode>(readMode);
  const [color, setColorState] = useState<TThemeColor>(readColor);
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : 'en';
  const publicOrg = usePublicOrganization();
  const org = useOrganizationSelf();

  const label = org.data?.white_label;
  const primaryColor = label ? label.primary_color : publicOrg.data?.primary_color;
  const secondaryColor = label ? label.secondary_color : publicOrg.data?.secondary_color;

  const toggleMode = useCallback(() => {
    setMode((m) => {
      const next = m === 'dark' ? 'light' : 'dark';
      localStorage.setItem(STORAGE_KEYS.themeMode, next);
      return next;
    });
  }, []);
  const setColor = useCallback((c: TThemeColor) => {
    localStorage.setItem(STORAGE_KEYS.themeColor, c);
    setColorState(c);
  }, []);

  const theme = useMemo(
    () => createTheme(createAppTheme({ mode, color, primaryColor, secondaryColor }), ...muiLocales(language)),
    [mode, color, primaryColor, secondaryColor, language],
  );
  // the browser's bar and an installed console take the organization's colour
  useEffect(() => {
    const meta = document.querySelector('meta[name="theme-color"]');
    if (meta)
      meta.setAttribute(
        'content',
        mode === 'dark' ? theme.palette.background.paper : theme.palette.primary.main,
      );
  }, [theme, mode]);

  const value = useMemo(() => ({ mode, color, toggleMode, setColor }), [mode, color, toggleMode, setColor]);

  return (
    <ThemePreferencesContext.Provider value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </ThemePreferencesContext.Provider>
  );
}
