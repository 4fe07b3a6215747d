import { Alert, Box, Card, CardContent, Chip, CircularProgress, FormControlLabel, Switch } from '@mui/material';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import {
  Datagrid,
  DateField,
  FunctionField,
  Link,
  ListContextProvider,
  NumberField,
  ResourceContextProvider,
  TextField,
  Title,
  useAuthState,
  useCreatePath,
  useDataProvider,
  useList,
} from 'react-admin';
import type { AdminDataProvider, Dashboard as DashboardData } from '../lib/dataProvider.ts';
import { errorText } from '../lib/errors.ts';
import { formatMoney } from '../lib/format.ts';
import { OrderTotalField } from '../orders/OrderTotalField.tsx';
import { SalesPanel } from './SalesPanel.tsx';

function Figure({ label, value, to }: { label: string; value: string; to?: string }) {
  return (
    <Card sx={{ flex: '1 1 200px' }}>
      <CardContent>
        <Typography color="text.secondary" gutterBottom>
          {label}
        </Typography>
        <Typography variant="h4" component="p" aria-label={label}>
          {to ? <Link to={to}>{value}</Link> : value}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The shop's calendar day (YYYY-MM-DD) in words, formatted at UTC midnight so the browser's own zone never moves it. */
function shopDay(date: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}

function ListCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card sx={{ mt: 2 }}>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

type AwaitingOrder = DashboardData['awaiting_payment_orders'][number];

function AwaitingPayment({ orders }: { orders: DashboardData['awaiting_payment_orders'] }) {
  const list = useList({ data: orders, perPage: 1000, resource: 'orders' });
  return (
    <ResourceContextProvider value="orders">
      <ListContextProvider value={list}>
        <Datagrid
          bulkActionButtons={false}
          rowClick="show"
          empty={<Typography color="text.secondary">No order is awaiting payment.</Typography>}
        >
          <FunctionField<AwaitingOrder>
            label="Order"
            sortable={false}
            render={(order) => (
              <>
                {order.number}
                {order.is_test ? <Chip label="Test" size="small" sx={{ ml: 1 }} /> : null}
              </>
            )}
          />
          <TextField source="customer_email" label="Customer" sortable={false} />
          <OrderTotalField source="total" label="Total" sortable={false} textAlign="right" />
          <DateField source="created_at" label="Placed" showTime sortable={false} />
          <DateField source="payment_due_at" label="Due" showTime sortable={false} emptyText="–" />
        </Datagrid>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

/** What runs low: products, and the variants of products sold in options, each named as staff know it. */
function LowStock({ products }: { products: DashboardData['low_stock'] }) {
  // A product sold in options may have several variants listed: each row needs a key of its own.
  const rows = products.map((item) => ({
    ...item,
    id: item.variant_id === null ? `product-${item.id}` : `variant-${item.variant_id}`,
    product_id: item.id,
  }));
  const list = useList({ data: rows, perPage: 1000, resource: 'products' });
  return (
    <ResourceContextProvider value="products">
      <ListContextProvider value={list}>
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          empty={<Typography color="text.secondary">No product is running low.</Typography>}
        >
          <TextField source="name" label="Product" sortable={false} />
          <TextField source="variant" label="Variant" sortable={false} emptyText="–" />
          <NumberField source="stock" label="Stock" sortable={false} />
          <NumberField source="low_stock_threshold" label="Threshold" sortable={false} />
        </Datagrid>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

/** Orders made to order due to ship within the week (issue 49), soonest first: each opens its order. */
function DueToShip({ orders }: { orders: DashboardData['due_to_ship'] }) {
  const list = useList({ data: orders, perPage: 1000, resource: 'orders' });
  return (
    <ResourceContextProvider value="orders">
      <ListContextProvider value={list}>
        <Datagrid
          bulkActionButtons={false}
          rowClick="show"
          empty={<Typography color="text.secondary">No order made to order is due this week.</Typography>}
        >
          <TextField source="number" label="Order" sortable={false} />
          <TextField source="customer_email" label="Customer" sortable={false} />
          <FunctionField<DashboardData['due_to_ship'][number]>
            label="Ships by"
            sortable={false}
            render={(order) => shopDay(order.ships_by)}
          />
        </Datagrid>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

/**
 * Today's paid orders, revenue and net (the shop's day, from its midnight, its time zone named; test orders counted
 * only while its switch is on), the sales of a range against the period before,
 * the orders awaiting payment and the products running out.
 */
export function Dashboard() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const createPath = useCreatePath();
  // Asked for once signed in (react-admin sends a visitor who is not to the sign-in page).
  const { authenticated } = useAuthState();
  // Off: today's figures leave out test orders (no money changed hands); a demo's orders are all test orders.
  const [includeTest, setIncludeTest] = useState(false);
  const { data, error, isPending } = useQuery({
    queryKey: ['admin', 'dashboard', { includeTest }],
    queryFn: ({ signal }) => dataProvider.getDashboard({ signal, includeTest }),
    enabled: authenticated === true,
    // The figures asked before stay on screen while the switch's are read.
    placeholderData: keepPreviousData,
  });
  const awaitingPath = `${createPath({ resource: 'orders', type: 'list' })}?filter=${encodeURIComponent(
    JSON.stringify({ status: 'awaiting_payment' }),
  )}`;

  return (
    <Box sx={{ mt: 2 }}>
      <Title title="Dashboard" />
      {isPending ? (
        <CircularProgress aria-label="Loading the dashboard" />
      ) : error || !data ? (
        <Alert severity="error">{errorText(error, 'The dashboard could not be loaded.')}</Alert>
      ) : (
        <>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <Figure label="Orders today" value={String(data.orders_today)} />
            {data.revenue_today !== null && data.sales_today !== null ? (
              <>
                <Figure label="Revenue today" value={formatMoney(data.revenue_today)} />
                <Figure label="Net today" value={formatMoney(data.sales_today.net)} />
              </>
            ) : null}
            <Figure label="Awaiting payment" value={String(data.awaiting_payment)} to={awaitingPath} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Today is {shopDay(data.today)} in the shop's time zone, {data.time_zone}: the day starts at midnight there.
            {data.sales_today ? ' Net is revenue less the refunds made today.' : null}
            {data.include_test
              ? ' Test orders (paid through the test card gateway) are counted.'
              : ' Test orders are left out.'}
          </Typography>
          <FormControlLabel
            control={<Switch checked={includeTest} onChange={(event) => setIncludeTest(event.target.checked)} />}
            label="Include test orders in today's figures"
          />
          {/* The sales report is for roles that may see revenue (the API refuses the others). */}
          {data.sales_today ? <SalesPanel today={data.today} /> : null}
          <ListCard title="Awaiting payment">
            <AwaitingPayment orders={data.awaiting_payment_orders} />
            {data.awaiting_payment > data.awaiting_payment_orders.length ? (
              <Typography variant="body2" sx={{ mt: 1 }}>
                <Link to={awaitingPath}>All {data.awaiting_payment} orders awaiting payment</Link>
              </Typography>
            ) : null}
          </ListCard>
          <ListCard title="Made to order: due to ship this week">
            <DueToShip orders={data.due_to_ship} />
          </ListCard>
          <ListCard title="Low stock">
            <LowStock products={data.low_stock} />
          </ListCard>
        </>
      )}
    </Box>
  );
}
