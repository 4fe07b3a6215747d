import { Alert, Box, Card, CardContent, Chip, CircularProgress } from '@mui/material';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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

function LowStock({ products }: { products: DashboardData['low_stock'] }) {
  const list = useList({ data: products, perPage: 1000, resource: 'products' });
  return (
    <ResourceContextProvider value="products">
      <ListContextProvider value={list}>
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          empty={<Typography color="text.secondary">No product is running low.</Typography>}
        >
          <TextField source="name" label="Product" sortable={false} />
          <NumberField source="stock" label="Stock" sortable={false} />
          <NumberField source="low_stock_threshold" label="Threshold" sortable={false} />
        </Datagrid>
      </ListContextProvider>
    </ResourceContextProvider>
  );
}

/**
 * Today's paid orders, revenue and net (the shop's day, from its midnight, its time zone named), the sales of a range against the period before,
 * the orders awaiting payment and the products running out.
 */
export function Dashboard() {
  const dataProvider = useDataProvider<AdminDataProvider>();
  const createPath = useCreatePath();
  // Asked for once signed in (react-admin sends a visitor who is not to the sign-in page).
  const { authenticated } = useAuthState();
  const { data, error, isPending } = useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => dataProvider.getDashboard({ signal }),
    enabled: authenticated === true,
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
            <Figure label="Revenue today" value={formatMoney(data.revenue_today)} />
            <Figure label="Net today" value={formatMoney(data.sales_today.net)} />
            <Figure label="Awaiting payment" value={String(data.awaiting_payment)} to={awaitingPath} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            Today is {shopDay(data.today)} in the shop's time zone, {data.time_zone}: the day starts at midnight there.
            Net is revenue less the refunds made today.
          </Typography>
          <SalesPanel today={data.today} />
          <ListCard title="Awaiting payment">
            <AwaitingPayment orders={data.awaiting_payment_orders} />
            {data.awaiting_payment > data.awaiting_payment_orders.length ? (
              <Typography variant="body2" sx={{ mt: 1 }}>
                <Link to={awaitingPath}>All {data.awaiting_payment} orders awaiting payment</Link>
              </Typography>
            ) : null}
          </ListCard>
          <ListCard title="Low stock">
            <LowStock products={data.low_stock} />
          </ListCard>
        </>
      )}
    </Box>
  );
}
