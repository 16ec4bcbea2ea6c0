import type { Translate } from './i18n';

/**
 * A large numeric keypad for codes: 0–9, delete and OK, each key at least 88 px (ADA §308 reach
 * ranges apply to where the page puts it). The typed digits are shown as dots, with their count
 * for screen readers.
 */
export function Keypad({
  t,
  label,
  value,
  onChange,
  onSubmit,
  busy,
}: {
  t: Translate;
  label: string;
  value: string;
  onChange: (v: string) => void;
  onSubmit: () => void;
  busy?: boolean;
}) {
  const press = (d: string) => value.length < 12 && onChange(value + d);
  return (
    <div className="keypad-wrap">
      <output
        className="keypad-value"
        aria-label={`${label}: ${t('typed', { count: value.length })}`}
        aria-live="polite"
      >
        {value ? value.replace(/./g, '•') : '\u00a0'}
      </output>
      <div className="keypad">
        {['1', '2', '3', '4', '5', '6', '7', '8', '9'].map((d) => (
          <button key={d} type="button" className="key" onClick={() => press(d)}>
            {d}
          </button>
        ))}
        <button
          type="button"
          className="key key-small"
          aria-label={t('delete')}
          onClick={() => onChange(value.slice(0, -1))}
        >
          ⌫
        </button>
        <button type="button" className="key" onClick={() => press('0')}>
          0
        </button>
        <button type="button" className="key key-ok" disabled={!value || busy} onClick={onSubmit}>
          {t('ok')}
        </button>
      </div>
    </div>
  );
}
