import { TRUNCATE_LENGTH } from '@lockerops/contract';
import { Tooltip } from '@mui/material';

/**
 * `text` cut to `max` characters (spec console §9: text truncation default 25 characters) with an
 * ellipsis; the ellipsis is counted, so the cut never shows more than `max` characters. Whole
 * characters only: an emoji or accented letter is not split.
 */
export function truncateText(text: string, max: number = TRUNCATE_LENGTH): string {
  const chars = Array.from(text);
  return chars.length <= max
    ? text
    : `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`;
}

/**
 * A long text in a table cell, cut to 25 characters (spec console §9) with the whole text in a
 * tooltip (which also describes the cut text to a screen reader). Short texts show as is.
 */
export function Truncated({
  text,
  max = TRUNCATE_LENGTH,
}: {
  text: string | null | undefined;
  max?: number;
}) {
  if (!text) return null;
  const cut = truncateText(text, max);
  if (cut === text) return <span>{text}</span>;
  return (
    <Tooltip title={text} describeChild>
      <span>{cut}</span>
    </Tooltip>
  );
}
