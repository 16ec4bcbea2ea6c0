import type { TLanguage } from '@lockerops/contract';
import { deDE as coreDe, esES as coreEs } from '@mui/material/locale';
import { deDE as gridDe, esES as gridEs } from '@mui/x-data-grid/locales';
import { deDE as pickersDe, esES as pickersEs } from '@mui/x-date-pickers/locales';
import 'dayjs/locale/de';
import 'dayjs/locale/es';

/**
 * MUI's and MUI X's own locale packs per console language: the core components
 * (pagination, autocomplete…), the DataGrid (toolbar, filters, footer) and the date pickers
 * (toolbar, buttons). They are theme arguments: `createTheme(theme, ...muiLocales(lang))`. English
 * needs none: it is the components' own language, and the console's tables set their own texts.
 */
export function muiLocales(language: TLanguage) {
  switch (language) {
    case 'de':
      return [coreDe, gridDe, pickersDe] as const;
    case 'es':
      return [coreEs, gridEs, pickersEs] as const;
    default:
      return [] as const;
  }
}
