import { Autocomplete, TextField } from '@mui/material';
import { useMemo } from 'react';
import { browserTimeZone, zoneLabel } from '../lib/format';

/** Every IANA zone the browser knows (`Intl.supportedValuesOf('timeZone')`), UTC included, sorted. */
export function timeZoneNames(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...all, 'UTC', browserTimeZone()])].sort();
}

/**
 * A searchable select of IANA time zones (type "chic" to find America/Chicago); each option shows
 * the zone's abbreviation now. `value` null with `emptyLabel` offers "no zone of its own" (a location
 * that follows its organization).
 */
export function TimeZoneField({
  label,
  value,
  onChange,
  emptyLabel,
  helperText,
  disabled,
}: {
  label: string;
  value: string | null;
  onChange: (zone: string | null) => void;
  /** when given, clearing the field is allowed and shows this as its placeholder */
  emptyLabel?: string;
  helperText?: string;
  disabled?: boolean;
}) {
  const options = useMemo(timeZoneNames, []);
  return (
    <Autocomplete
      options={options}
      value={value}
      disabled={disabled}
      disableClearable={!emptyLabel}
      onChange={(_e, v) => onChange(v ?? null)}
      getOptionLabel={(z) => zoneLabel(z)}
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder={emptyLabel} helperText={helperText} />
      )}
    />
  );
}
