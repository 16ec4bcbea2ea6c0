import { alpha, Box, Tooltip, useTheme } from '@mui/material';
import { type PointerEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SR_ONLY } from '../../components/srOnly';

const HEIGHT = 40;
/** Room above and below the line for the highlight mark. */
const PAD = 5;

/**
 * A card's trend over the range: a line over a shaded area, pointing at a value shows it (the mark
 * and a tooltip). Its text alternative is its name and a summary (first and last value, lowest and
 * highest). With `partialLast` (the range ends today) the last point is still under way: the line
 * reaches it dashed, its tooltip says "so far", so today's few hours do not read as a fall. Drawn
 * as plain SVG, not with MUI X Charts: the cards are the dashboard's first screen, and a chart
 * library there would weigh more than the rest of the page.
 */
export function Sparkline({
  data,
  label,
  format = String,
  partialLast = false,
}: {
  data: number[];
  label: string;
  /** how the tooltip writes a value (the card's own format) */
  format?: (value: number) => string;
  /** the last point holds only the hours gone so far (today's) */
  partialLast?: boolean;
}) {
  const summaryId = useId();
  const theme = useTheme();
  const { t } = useTranslation('dashboard');
  const color = theme.palette.primary.main;
  const [active, setActive] = useState<number | null>(null);
  const min = Math.min(...data);
  const max = Math.max(...data);
  // x in percent of the width (the drawing stretches to the card), y in pixels
  const xs = data.map((_, i) => (data.length > 1 ? (i / (data.length - 1)) * 100 : 50));
  const ys = data.map((v) =>
    max === min ? HEIGHT / 2 : PAD + ((max - v) / (max - min)) * (HEIGHT - 2 * PAD),
  );
  const line = xs.map((x, i) => `${i ? 'L' : 'M'}${x},${ys[i]}`).join('');
  const dashed = partialLast && data.length > 1;
  // the solid line stops at the last whole point; the dashed segment reaches today's
  const solid = dashed
    ? xs
        .slice(0, -1)
        .map((x, i) => `${i ? 'L' : 'M'}${x},${ys[i]}`)
        .join('')
    : line;
  const n = data.length;
  const point = (e: PointerEvent<HTMLElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    if (!box.width) return;
    const at = Math.round(((e.clientX - box.left) / box.width) * (data.length - 1));
    setActive(Math.min(data.length - 1, Math.max(0, at)));
  };
  const value = active === null ? undefined : data[active];
  return (
    <Box
      role="img"
      aria-label={t('trend', { title: label })}
      aria-describedby={summaryId}
      data-testid="metric-trend"
      onPointerMove={point}
      onPointerDown={point}
      onPointerLeave={() => setActive(null)}
      sx={{ position: 'relative', height: HEIGHT }}
    >
      <svg width="100%" height={HEIGHT} viewBox={`0 0 100 ${HEIGHT}`} preserveAspectRatio="none" aria-hidden>
        <path d={`${line}L100,${HEIGHT}L0,${HEIGHT}Z`} fill={alpha(color, 0.15)} />
        <path
          d={solid}
          fill="none"
          stroke={color}
          strokeWidth={2}
          strokeLinejoin="round"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
        {dashed ? (
          <line
            data-testid="metric-trend-partial"
            x1={xs[n - 2]}
            y1={ys[n - 2]}
            x2={xs[n - 1]}
            y2={ys[n - 1]}
            stroke={color}
            strokeWidth={2}
            strokeDasharray="3 3"
            strokeLinecap="round"
            vectorEffect="non-scaling-stroke"
          />
        ) : null}
      </svg>
      <Box component="span" id={summaryId} sx={SR_ONLY}>
        {t('trendSummary', {
          first: format(data[0] ?? 0),
          last: format(data[n - 1] ?? 0),
          min: format(min),
          max: format(max),
        })}
        {dashed ? ` ${t('trendPartial')}` : ''}
      </Box>
      {active !== null && value !== undefined ? (
        <Tooltip
          open
          title={dashed && active === n - 1 ? t('chart.soFar', { date: format(value) }) : format(value)}
          placement="top"
          arrow
          disableInteractive
        >
          <Box
            data-testid="metric-trend-mark"
            sx={{
              position: 'absolute',
              left: `${xs[active]}%`,
              top: ys[active],
              width: 8,
              height: 8,
              borderRadius: '50%',
              bgcolor: color,
              border: 2,
              borderColor: 'background.paper',
              boxSizing: 'content-box',
              transform: 'translate(-50%, -50%)',
              pointerEvents: 'none',
            }}
          />
        </Tooltip>
      ) : null}
    </Box>
  );
}
