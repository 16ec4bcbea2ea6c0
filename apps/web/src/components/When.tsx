import { Tooltip } from '@mui/material';
import { browserTimeZone, formatDateTime } from '../lib/format';

/**
 * A moment shown on the wall clock of `zone` (a place's, else the page's). Where the viewer's
 * browser is in another zone, its tooltip gives the time in both zones, each named.
 */
export function When({
  value,
  zone,
  seconds = false,
  empty = '-',
}: {
  value: string | null | undefined;
  zone: string;
  seconds?: boolean;
  empty?: string;
}) {
  const text = formatDateTime(value, { timeZone: zone, seconds, empty });
  const browser = browserTimeZone();
  if (!value || browser === zone) return <span>{text}</span>;
  const both = `${formatDateTime(value, { timeZone: zone, seconds, zoneName: true })} · ${formatDateTime(value, { timeZone: browser, seconds, zoneName: true })}`;
  return (
    <Tooltip title={both}>
      <span>{text}</span>
    </Tooltip>
  );
}
