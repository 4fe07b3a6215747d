// The sales chart: one figure per period, the range asked for against the one before (dashed). Loaded on its own
// (`lazy` in SalesPanel.tsx): the charting library stays out of the administration's first load.
import { Box } from '@mui/material';
import { LineChart, lineClasses } from '@mui/x-charts/LineChart';
import type { SalesInterval, SalesReport } from '@platform/contracts/reports';
import { periodLabel } from './sales.ts';

export type SalesMetric = 'revenue' | 'orders';

export interface SalesChartProps {
  report: SalesReport;
  metric: SalesMetric;
}

function values(series: SalesReport['series'], metric: SalesMetric): number[] {
  // Plotted only: the figures shown in text come from the decimal strings.
  return series.map((period) => (metric === 'revenue' ? Number(period.revenue) : period.orders));
}

/**
 * A line per range over the periods of the range asked for; the period before is aligned period by period. The
 * drawing is hidden from assistive technology: its figure's caption and the table say what it shows.
 */
export default function SalesChart({ report, metric }: SalesChartProps) {
  const interval: SalesInterval = report.interval;
  const current = values(report.series, metric);
  const previous = values(report.previous.series, metric).slice(0, current.length);
  const label = metric === 'revenue' ? 'Revenue' : 'Orders';
  return (
    <Box
      sx={{
        [`& .${lineClasses.line}[data-series="previous"]`]: { strokeDasharray: '6 4' },
      }}
    >
      <LineChart
        height={280}
        skipAnimation
        xAxis={[
          {
            scaleType: 'point',
            data: report.series.map((period) => period.period),
            valueFormatter: (period: string) => periodLabel(period, interval),
          },
        ]}
        yAxis={[{ min: 0, ...(metric === 'orders' ? { tickMinStep: 1 } : {}) }]}
        series={[
          { id: 'current', label, data: current, showMark: current.length <= 31, color: '#1976d2' },
          { id: 'previous', label: `${label}, period before`, data: previous, showMark: false, color: '#757575' },
        ]}
      />
    </Box>
  );
}
