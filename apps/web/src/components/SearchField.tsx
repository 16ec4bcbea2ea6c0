import { SEARCH_DEBOUNCE_MS } from '@lockerops/contract';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { InputAdornment, TextField } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchFieldProps {
  /** the committed search (e.g. from the URL) */
  value: string;
  /** called SEARCH_DEBOUNCE_MS (300 ms) after the last keystroke with the typed text */
  onChange: (value: string) => void;
  placeholder?: string;
  debounceMs?: number;
}

/**
 * The search box of every list (spec operational §2): typing is debounced 300 ms before `onChange`;
 * the 2-character minimum is applied where the query is built (toListQuery), so the URL keeps what was
 * typed. An outside change of `value` (Back, a shared link) replaces the text.
 */
export function SearchField({
  value,
  onChange,
  placeholder,
  debounceMs = SEARCH_DEBOUNCE_MS,
}: SearchFieldProps) {
  const { t } = useTranslation();
  const shown = placeholder ?? t('button.search');
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <TextField
      size="small"
      placeholder={shown}
      value={text}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => onChangeRef.current(next), debounceMs);
      }}
      slotProps={{
        htmlInput: { 'aria-label': shown },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchOutlined fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 240 }}
    />
  );
}
