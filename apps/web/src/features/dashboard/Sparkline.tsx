import { SparkLineChart } from '@mui/x-charts/SparkLineChart';

/** A card's trend over the range (MUI X Charts sparkline); loaded on its own, charts are heavy. */
export default function Sparkline({ data, label }: { data: number[]; label: string }) {
  return (
    <div role="img" aria-label={`${label} trend`} data-testid="metric-trend">
      <SparkLineChart data={data} height={40} area curve="linear" showHighlight showTooltip />
    </div>
  );
}
