import { createTheme, type PaletteMode, type Theme } from '@mui/material/styles';

/** Themes of spec console §9, each in dark and light. */
export const THEME_COLORS = ['blue', 'green', 'purple', 'indigo', 'orange', 'red', 'black'] as const;
export type TThemeColor = (typeof THEME_COLORS)[number];
export const DEFAULT_THEME_COLOR: TThemeColor = 'blue';

export const THEME_SWATCHES: Record<TThemeColor, { primary: string; secondary: string; dark: string }> = {
  blue: { primary: '#1565c0', secondary: '#00838f', dark: '#64b5f6' },
  green: { primary: '#2e7d32', secondary: '#00796b', dark: '#81c784' },
  purple: { primary: '#6a1b9a', secondary: '#ad1457', dark: '#ce93d8' },
  indigo: { primary: '#283593', secondary: '#4527a0', dark: '#9fa8da' },
  orange: { primary: '#e65100', secondary: '#6d4c41', dark: '#ffb74d' },
  red: { primary: '#c62828', secondary: '#ad1457', dark: '#ef9a9a' },
  black: { primary: '#212121', secondary: '#616161', dark: '#e0e0e0' },
};

export const SIDEBAR_WIDTH = 265;

/** Breakpoints of spec console §9: 0 / 700 / 1000 / 1300 / 1636. */
export const BREAKPOINTS = { xs: 0, sm: 700, md: 1000, lg: 1300, xl: 1636 } as const;

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;

export interface ThemeOptions {
  mode: PaletteMode;
  color: TThemeColor;
  /** white-label colours of the organization; they win over the chosen theme when set */
  primaryColor?: string | null;
  secondaryColor?: string | null;
}

export function isThemeColor(v: unknown): v is TThemeColor {
  return typeof v === 'string' && (THEME_COLORS as readonly string[]).includes(v);
}

export function createAppTheme({ mode, color, primaryColor, secondaryColor }: ThemeOptions): Theme {
  const swatch = THEME_SWATCHES[color];
  const primary =
    primaryColor && HEX.test(primaryColor) ? primaryColor : mode === 'dark' ? swatch.dark : swatch.primary;
  const secondary = secondaryColor && HEX.test(secondaryColor) ? secondaryColor : swatch.secondary;
  const phone = `@media (max-width:${BREAKPOINTS.sm - 0.05}px)`;
  const coarse = '@media (pointer: coarse)';
  // a visible keyboard focus on every control (WCAG 2.4.7, 2.4.11): 2 px in the primary colour
  const focusRing = { outline: `2px solid ${primary}`, outlineOffset: 2 };
  return createTheme({
    breakpoints: { values: BREAKPOINTS },
    palette: {
      mode,
      primary: { main: primary },
      secondary: { main: secondary },
      ...(mode === 'light'
        ? {
            background: { default: '#f5f6fa', paper: '#ffffff' },
            // MUI's orange (#ed6c02) reads 2.9:1 as text on the page; this one 5.3:1 (WCAG 1.4.3)
            warning: { main: '#a84a00' },
          }
        : {}),
    },
    shape: { borderRadius: 8 },
    typography: {
      fontFamily: '"Inter", "Roboto", "Helvetica", "Arial", sans-serif',
      h1: { fontSize: '1.6rem', fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: {
        styleOverrides: {
          ':focus-visible': focusRing,
          // two classes: stronger than ButtonBase's own `outline: 0`
          '.MuiButtonBase-root.Mui-focusVisible, .MuiButtonBase-root:focus-visible': focusRing,
        },
      },
      MuiButton: {
        defaultProps: { disableElevation: true },
        // touch targets of at least 44 × 44 px on touch screens (WCAG 2.5.8, comfortably above 24)
        styleOverrides: { root: { [coarse]: { minHeight: 44 } } },
      },
      MuiIconButton: { styleOverrides: { root: { [coarse]: { minWidth: 44, minHeight: 44 } } } },
      // the Table/Map and other toggle groups too
      MuiToggleButton: { styleOverrides: { root: { [coarse]: { minWidth: 44, minHeight: 44 } } } },
      MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
      // dialogs fill the screen of a phone (below the sm breakpoint)
      MuiDialog: {
        styleOverrides: {
          paper: {
            [phone]: {
              margin: 0,
              width: '100%',
              maxWidth: '100%',
              height: '100%',
              maxHeight: '100%',
              borderRadius: 0,
            },
          },
        },
      },
    },
  });
}
