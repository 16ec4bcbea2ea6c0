import { Box, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';

const HEX = /^#[0-9a-fA-F]{6}$/;

export interface ColorFieldProps {
  label: string;
  /** '#rrggbb'; empty/invalid shows the default in the swatch */
  value: string | null | undefined;
  onChange: (hex: string) => void;
  error?: string;
  /** default '#000000' */
  defaultColor?: string;
  disabled?: boolean;
}

/** A hex colour input with the native colour picker beside it (default #000000). */
export function ColorField({
  label,
  value,
  onChange,
  error,
  defaultColor = '#000000',
  disabled,
}: ColorFieldProps) {
  const swatch = value && HEX.test(value) ? value : defaultColor;
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        size="small"
        label={label}
        value={value ?? ''}
        placeholder={defaultColor}
        onChange={(e) => onChange(e.target.value)}
        disabled={disabled}
        error={!!error}
        helperText={error}
      />
      <input
        type="color"
        aria-label={t('colour.picker', { label })}
        value={swatch}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
        style={{ width: 40, height: 40, border: 'none', background: 'none', padding: 0 }}
      />
    </Box>
  );
}
