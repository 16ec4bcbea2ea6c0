/** Whether `tz` is an IANA time zone name the runtime knows. */
export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** A form or CSV value with blanks (empty or white-space text, null) as undefined, text trimmed. */
export const blank = (v: unknown) =>
  v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? v.trim() || undefined : v;
