import { alpha, Box, Tooltip, useTheme } from '@mui/material';
import { type PointerEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

const HEIGHT = 40;
/** Room above and below the line for the highlight mark. */
const PAD = 5;

/**
 * A card's trend over the range: a line over a shaded area, pointing at a value shows it (the mark
 * and a tooltip). Drawn as plain SVG, not with MUI X Charts: the cards are the dashboard's first
 * screen, and a chart library there would weigh more than the rest of the page.
 */
export function Sparkline({
  data,
  label,
  format = String,
}: {
  data: number[];
  label: string;
  /** how the tooltip writes a value (the card's own format) */
  format?: (value: number) => string;
}) {
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
      data-testid="metric-trend"
      onPointerMove={point}
      onPointerDown={point}
      onPointerLeave={() => setActive(null)}
      sx={{ position: 'relative', height: HEIGHT }}
    >
      <svg width="100%" height={HEIGHT} viewBox={`0 0 100 ${HEIGHT}`} preserveAspectRatio="none" aria-hidden>
        <path d={`${line}L100,${HEIGHT}L0,${HEIGHT}Z`} fill={alpha(color, 0.15)} />
        <path
          d={line}
          fill="none"
          stroke={color}
          strokeWidth={2}
          strokeLinejoin="round"
          strokeLinecap="round"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      {active !== null && value !== undefined ? (
        <Tooltip open title={format(value)} placement="top" arrow disableInteractive>
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
