// The dashboard's sales: a range and an interval to read it by, the totals against the period before, the chart and
// the same figures as a table (the chart's text alternative).
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Alert,
  Box,
  Card,
  CardContent,
  CircularProgress,
  FormControl,
  InputLabel,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { SALES_INTERVALS, type SalesFigures, type SalesInterval, type SalesReport } from '@platform/contracts/reports';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { useDataProvider } from 'react-admin';
import type { AdminDataProvider } from '../lib/dataProvider.ts';
import { errorText } from '../lib/errors.ts';
import { formatMoney } from '../lib/format.ts';
import type { SalesMetric } from './SalesChart.tsx';
import { changeText, DEFAULT_SALES_RANGE, INTERVAL_LABELS, periodLabel, rangeLabel, SALES_RANGES } from './sales.ts';

const SalesChart = lazy(() => import('./SalesChart.tsx'));

const CHART_HEIGHT = 280;

function Total({ label, value, change }: { label: string; value: string; change: string }) {
  return (
    <Box sx={{ flex: '1 1 140px' }}>
      <Typography color="text.secondary" variant="body2">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {change}
      </Typography>
    </Box>
  );
}

/** A money figure of the range against the period before's. */
function MoneyTotal({ report, label, figure }: { report: SalesReport; label: string; figure: MoneyFigure }) {
  return (
    <Total
      label={label}
      value={formatMoney(report.totals[figure], report.currency)}
      change={changeText(report.totals[figure], report.previous.totals[figure])}
    />
  );
}

function Totals({ report }: { report: SalesReport }) {
  const now: SalesFigures = report.totals;
  const before: SalesFigures = report.previous.totals;
  return (
    <>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', my: 2 }} role="group" aria-label="Totals of the range">
        <Total label="Orders" value={String(now.orders)} change={changeText(now.orders, before.orders)} />
        <Total label="Units sold" value={String(now.units)} change={changeText(now.units, before.units)} />
        <MoneyTotal report={report} label="Revenue" figure="revenue" />
        <MoneyTotal report={report} label="Refunds" figure="refunds" />
        <MoneyTotal report={report} label="Net" figure="net" />
      </Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', my: 2 }} role="group" aria-label="What the revenue holds">
        <MoneyTotal report={report} label="Goods" figure="goods" />
        <MoneyTotal report={report} label="Discounts" figure="discounts" />
        <MoneyTotal report={report} label="Shipping" figure="shipping" />
        <MoneyTotal report={report} label="Tax added" figure="tax_added" />
        <MoneyTotal report={report} label="Tax included" figure="tax_included" />
      </Box>
      <Typography variant="body2" color="text.secondary">
        Revenue is goods less discounts plus shipping and tax added; tax included is inside goods and shipping. Net is
        revenue less refunds, which count only for orders counted as revenue.
      </Typography>
    </>
  );
}

type MoneyFigure = 'goods' | 'discounts' | 'shipping' | 'tax_added' | 'tax_included' | 'revenue' | 'refunds' | 'net';

/** The money figures of each period, in the table's order after orders and units. */
const MONEY_COLUMNS: readonly [string, MoneyFigure][] = [
  ['Goods', 'goods'],
  ['Discounts', 'discounts'],
  ['Shipping', 'shipping'],
  ['Tax added', 'tax_added'],
  ['Tax included', 'tax_included'],
  ['Revenue', 'revenue'],
  ['Refunds', 'refunds'],
  ['Net', 'net'],
];

/** The figures of each period, in the table's order. */
const FIGURE_COLUMNS = ['Orders', 'Units', ...MONEY_COLUMNS.map(([label]) => label), 'Revenue, period before'];

/** The figures of every period, beside the period before's revenue: what the chart draws, as text. */
function SalesTable({ report }: { report: SalesReport }) {
  const interval = report.interval;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={`Sales by ${interval}`}>
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              {INTERVAL_LABELS[interval]}
            </TableCell>
            {FIGURE_COLUMNS.map((column) => (
              <TableCell key={column} component="th" scope="col" align="right">
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {report.series.map((period, index) => {
            const before = report.previous.series[index];
            return (
              <TableRow key={period.period}>
                <TableCell component="th" scope="row">
                  {periodLabel(period.period, interval)}
                </TableCell>
                <TableCell align="right">{period.orders}</TableCell>
                <TableCell align="right">{period.units}</TableCell>
                {MONEY_COLUMNS.map(([label, figure]) => (
                  <TableCell key={label} align="right">
                    {formatMoney(period[figure], report.currency)}
                  </TableCell>
                ))}
                <TableCell align="right">{before ? formatMoney(before.revenue, report.currency) : '–'}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}

function TopProducts({ report }: { report: SalesReport }) {
  if (report.top_products.length === 0) {
    return <Typography color="text.secondary">Nothing was sold in this range.</Typography>;
  }
  return (
    <Table size="small" aria-label="Best sellers">
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col">
            Product
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            Units
          </TableCell>
          <TableCell component="th" scope="col" align="right">
            Revenue
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {report.top_products.map((product) => (
          <TableRow key={`${product.product_id ?? 'deleted'}-${product.name}`}>
            <TableCell component="th" scope="row">
              {product.name}
            </TableCell>
            <TableCell align="right">{product.units}</TableCell>
            <TableCell align="right">{formatMoney(product.revenue, report.currency)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function summaryOf(report: SalesReport, metric: SalesMetric): string {
  const figure = (totals: SalesFigures) =>
    metric === 'revenue' ? formatMoney(totals.revenue, report.currency) : `${totals.orders} orders`;
  return (
    `${metric === 'revenue' ? 'Revenue' : 'Orders'} by ${report.interval}, ${rangeLabel(report.from, report.to)}: ` +
    `${figure(report.totals)} in all, against ${figure(report.previous.totals)} in ` +
    `${rangeLabel(report.previous.from, report.previous.to)}.`
  );
}

/** The sales of a range ending on the shop's `today`, read by day, week or month, against the period before. */
export function SalesPanel({ today }: { today: string }) {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const [rangeId, setRangeId] = useState(DEFAULT_SALES_RANGE);
  const choice = SALES_RANGES.find((candidate) => candidate.id === rangeId) ?? SALES_RANGES[1];
  const [interval, setInterval] = useState<SalesInterval>(choice?.interval ?? 'day');
  const [metric, setMetric] = useState<SalesMetric>('revenue');
  const range = choice ? choice.range(today) : { from: today, to: today };
  const { data, error, isPending, isFetching } = useQuery({
    queryKey: ['admin', 'sales', range.from, range.to, interval],
    queryFn: ({ signal }) => dataProvider.getSalesReport({ ...range, interval }, { signal }),
    placeholderData: keepPreviousData,
  });
  const rangeLabelId = useId();

  return (
    <Card sx={{ mt: 2 }} component="section" aria-labelledby={`${rangeLabelId}-heading`}>
      <CardContent>
        <Typography variant="h6" component="h2" id={`${rangeLabelId}-heading`} gutterBottom>
          Sales
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <FormControl size="small" sx={{ minWidth: 180 }}>
            <InputLabel id={rangeLabelId}>Range</InputLabel>
            <Select
              labelId={rangeLabelId}
              label="Range"
              value={rangeId}
              onChange={(event) => {
                const next = SALES_RANGES.find((candidate) => candidate.id === event.target.value);
                if (!next) return;
                setRangeId(next.id);
                setInterval(next.interval);
              }}
            >
              {SALES_RANGES.map((candidate) => (
                <MenuItem key={candidate.id} value={candidate.id}>
                  {candidate.label}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={interval}
            onChange={(_, value: SalesInterval | null) => value && setInterval(value)}
            aria-label="Interval"
          >
            {SALES_INTERVALS.map((value) => (
              <ToggleButton key={value} value={value}>
                {`By ${value}`}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={metric}
            onChange={(_, value: SalesMetric | null) => value && setMetric(value)}
            aria-label="Figure"
          >
            <ToggleButton value="revenue">Revenue</ToggleButton>
            <ToggleButton value="orders">Orders</ToggleButton>
          </ToggleButtonGroup>
          {isFetching && !isPending ? <CircularProgress size={20} aria-label="Loading the sales" /> : null}
        </Box>
        {isPending ? (
          <Box sx={{ height: CHART_HEIGHT, display: 'grid', placeItems: 'center' }}>
            <CircularProgress aria-label="Loading the sales" />
          </Box>
        ) : error || !data ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText(error, 'The sales could not be loaded.')}
          </Alert>
        ) : (
          <>
            <Totals report={data} />
            <Box component="figure" sx={{ m: 0 }}>
              <Box sx={{ minHeight: CHART_HEIGHT }}>
                <Suspense fallback={<Box sx={{ height: CHART_HEIGHT }} />}>
                  <SalesChart report={data} metric={metric} />
                </Suspense>
              </Box>
              <Typography component="figcaption" variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                {summaryOf(data, metric)} Dashed: the period before. Paid orders only, by the calendar of the shop's
                time zone ({data.time_zone}): each day runs from midnight to midnight there.
              </Typography>
            </Box>
            <Accordion disableGutters elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
              <AccordionSummary expandIcon={<ExpandMoreIcon />}>
                <Typography>The figures as a table</Typography>
              </AccordionSummary>
              <AccordionDetails>
                <SalesTable report={data} />
              </AccordionDetails>
            </Accordion>
            <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
              Best sellers
            </Typography>
            <TopProducts report={data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
