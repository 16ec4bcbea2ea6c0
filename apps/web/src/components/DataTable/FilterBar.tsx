import { SEARCH_DEBOUNCE_MS } from '@lockerops/contract';
import CheckOutlined from '@mui/icons-material/CheckOutlined';
import FilterListOutlined from '@mui/icons-material/FilterListOutlined';
import { Button, ListItemIcon, ListItemText, Menu, MenuItem, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import type { MenuFilter, SelectFilter, TableFilter, TextFilter } from './filters';
import { SearchFilterField } from './SearchFilterField';

interface FieldProps<F extends TableFilter> {
  filter: F;
  value: string;
  onChange: (value: string | undefined) => void;
}

const width = (minWidth?: number) => (minWidth ? { minWidth } : undefined);

function SelectField({ filter, value, onChange }: FieldProps<SelectFilter>) {
  const known = filter.options.some((o) => o.value === value);
  return (
    <TextField
      select
      size="small"
      label={filter.label}
      value={value}
      onChange={(e) => onChange(e.target.value || undefined)}
      sx={width(filter.minWidth)}
      slotProps={
        filter.displayEmpty ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined
      }
    >
      {filter.emptyLabel !== undefined ? <MenuItem value="">{filter.emptyLabel}</MenuItem> : null}
      {filter.options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
      {/* a value from the URL or a preference before its options have loaded */}
      {value && !known ? (
        <MenuItem value={value} sx={{ display: 'none' }}>
          …
        </MenuItem>
      ) : null}
    </TextField>
  );
}

function MenuField({ filter, value, onChange }: FieldProps<MenuFilter>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const chosen = filter.options.find((o) => o.value === value);
  return (
    <>
      <Button
        startIcon={<FilterListOutlined />}
        aria-haspopup="menu"
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {chosen ? filter.chosenLabel(chosen) : filter.label}
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {[{ value: '', label: filter.emptyLabel }, ...filter.options].map((o) => (
          <MenuItem
            key={o.value || 'all'}
            selected={value === o.value}
            onClick={() => {
              onChange(o.value || undefined);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{value === o.value ? <CheckOutlined fontSize="small" /> : null}</ListItemIcon>
            <ListItemText>{o.label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** Typed text reaches the URL (and the list) after the search's 300 ms pause. */
function TextFilterField({ filter, value, onChange }: FieldProps<TextFilter>) {
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const t = setTimeout(() => latest.current(text.trim() || undefined), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text, value]);
  return (
    <TextField
      size="small"
      label={filter.label}
      value={text}
      onChange={(e) => setText(e.target.value)}
      sx={{ width: filter.minWidth ?? 170 }}
    />
  );
}

/**
 * The list's filters, in order, as fields of the toolbar row (a fragment, so the row lays them
 * out: side by side from the `sm` breakpoint, each the full width on a phone). `values` are the
 * chosen ones by key; an empty choice clears the filter. With `toggle`, the fields hide behind a
 * button named by it (given how many filters are set), open at first while any is set.
 */
export function FilterBar({
  filters,
  values,
  onChange,
  toggle,
}: {
  filters: readonly TableFilter[];
  values: Readonly<Record<string, string>>;
  onChange: (key: string, value: string | undefined) => void;
  toggle?: (active: number) => string;
}) {
  const active = Object.keys(values).length;
  const [open, setOpen] = useState(active > 0);
  return (
    <>
      {toggle ? (
        <Button startIcon={<FilterListOutlined />} aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          {toggle(active)}
        </Button>
      ) : null}
      {toggle && !open
        ? null
        : filters
            .filter((f) => !f.hidden)
            .map((f) => {
              const props = {
                value: values[f.key] ?? f.defaultValue ?? '',
                onChange: (v?: string) => onChange(f.key, v),
              };
              if (f.kind === 'select') return <SelectField key={f.key} filter={f} {...props} />;
              if (f.kind === 'menu') return <MenuField key={f.key} filter={f} {...props} />;
              if (f.kind === 'search') return <SearchFilterField key={f.key} filter={f} {...props} />;
              return <TextFilterField key={f.key} filter={f} {...props} />;
            })}
    </>
  );
}
