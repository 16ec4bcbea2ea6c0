import { Box } from '@mui/material';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

const ISO = 'YYYY-MM-DD';

export interface CustomRangePickersProps {
  from?: string;
  to?: string;
  /** today in the organization's zone (YYYY-MM-DD): later days are disabled (spec console §4) */
  today: string;
  onChange: (from: string | undefined, to: string | undefined) => void;
}

/**
 * The custom range of the filter bar: two date pickers, From and To (MUI X's range picker is a Pro
 * component). The days typed are the organization's (the filter bar names its zone): days after today there are disabled
 * — by `today` from the server, not by the browser's clock, which may already be tomorrow or still
 * yesterday — and From cannot pass To; the server refuses them too.
 */
export default function CustomRangePickers({ from, to, today, onChange }: CustomRangePickersProps) {
  const { t, i18n } = useTranslation('dashboard');
  const max = dayjs(today, ISO);
  const iso = (d: Dayjs | null) => (d?.isValid() ? d.format(ISO) : undefined);
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={i18n.language}>
      <Box sx={{ display: 'flex', gap: 1 }}>
        <DatePicker
          label={t('range.from')}
          value={from ? dayjs(from, ISO) : null}
          maxDate={to ? dayjs(to, ISO) : max}
          onChange={(d) => onChange(iso(d), to)}
          slotProps={{ textField: { size: 'small', sx: { width: 170 } } }}
        />
        <DatePicker
          label={t('range.to')}
          value={to ? dayjs(to, ISO) : null}
          minDate={from ? dayjs(from, ISO) : undefined}
          maxDate={max}
          onChange={(d) => onChange(from, iso(d))}
          slotProps={{ textField: { size: 'small', sx: { width: 170 } } }}
        />
      </Box>
    </LocalizationProvider>
  );
}
