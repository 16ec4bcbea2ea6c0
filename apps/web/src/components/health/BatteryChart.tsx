/**
 * Battery and signal of a door over time, drawn with MUI X Charts (loaded only when a door's
 * details open): one line each, percent, the time axis on the place's clock.
 */
import type { TDoorSample } from '@lockerops/contract';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatPercent } from '../../lib/format';

export function BatteryChart({ samples, zone }: { samples: TDoorSample[]; zone: string }) {
  const { t } = useTranslation('fleetHealth');
  // the timeline comes newest first; a chart reads left to right
  const points = [...samples].reverse();
  const percent = (v: number | null) => (v === null ? '' : formatPercent(v, 0));
  return (
    <LineChart
      height={220}
      data-testid="battery-chart"
      xAxis={[
        {
          scaleType: 'time',
          data: points.map((s) => new Date(s.at)),
          valueFormatter: (d: Date) => formatDateTime(d.toISOString(), { timeZone: zone }),
          tickNumber: 3,
        },
      ]}
      yAxis={[{ min: 0, max: 100, valueFormatter: (v: number) => formatPercent(v, 0) }]}
      series={[
        {
          id: 'battery',
          label: t('device.battery'),
          data: points.map((s) => s.battery),
          valueFormatter: percent,
          curve: 'stepAfter',
          showMark: true,
        },
        {
          id: 'signal',
          label: t('device.signal'),
          data: points.map((s) => s.signal),
          valueFormatter: percent,
          curve: 'stepAfter',
          showMark: true,
        },
      ]}
    />
  );
}
