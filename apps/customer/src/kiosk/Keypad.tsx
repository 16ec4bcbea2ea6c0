import type { Translate } from './i18n';

const DIGITS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];

/**
 * A large numeric keypad: 0–9, delete and OK, each key at least 88 px (ADA §308 reach ranges apply
 * to where the page puts it). A code's digits are shown as dots, with their count for screen
 * readers; a phone number (`shown`: the value formatted, `caption`: its country) is shown as typed,
 * and `plus` adds a "+" key, taken only as the first sign, for a number of another country (OK then gets a row of its
 * own). `max`: the longest value taken (12 signs unless told).
 */
export function Keypad({
  t,
  label,
  value,
  onChange,
  onSubmit,
  busy,
  shown,
  caption,
  plus,
  max = 12,
}: {
  t: Translate;
  label: string;
  value: string;
  onChange: (v: string) => void;
  onSubmit: () => void;
  busy?: boolean;
  /** the value as the person reads it (a formatted phone number); without it, dots */
  shown?: string;
  /** a line under the value (the phone number's country) */
  caption?: string;
  plus?: boolean;
  max?: number;
}) {
  const press = (d: string) => value.length < max && onChange(value + d);
  const key = (d: string) => (
    <button key={d} type="button" className="key" onClick={() => press(d)}>
      {d}
    </button>
  );
  const ok = (
    <button
      type="button"
      className={`key key-ok${plus ? ' key-wide' : ''}`}
      disabled={!value || busy}
      onClick={onSubmit}
    >
      {t('ok')}
    </button>
  );
  const del = (
    <button
      type="button"
      className="key key-small"
      aria-label={t('delete')}
      onClick={() => onChange(value.slice(0, -1))}
    >
      ⌫
    </button>
  );
  const unmasked = shown !== undefined;
  return (
    <div className="keypad-wrap">
      <output
        className={`keypad-value${unmasked ? ' keypad-shown' : ''}`}
        aria-label={`${label}: ${unmasked ? shown || t('typed', { count: 0 }) : t('typed', { count: value.length })}`}
        aria-live="polite"
      >
        {(unmasked ? shown : value.replace(/./g, '•')) || '\u00a0'}
      </output>
      {caption && <p className="keypad-caption">{caption}</p>}
      <div className="keypad">
        {DIGITS.map(key)}
        {plus && (
          <button
            type="button"
            className="key"
            disabled={value !== ''}
            aria-label={t('plusKey')}
            onClick={() => onChange('+')}
          >
            +
          </button>
        )}
        {!plus && del}
        {key('0')}
        {plus ? del : ok}
        {plus && ok}
      </div>
    </div>
  );
}
