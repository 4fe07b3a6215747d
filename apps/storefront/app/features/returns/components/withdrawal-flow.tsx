import type { WithdrawalOrderQuery } from '@platform/contracts/returns';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorBox } from '../../../components/error-box.tsx';
import { FormMessage, useSubmission } from '../../../components/form-message.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { browserApi } from '../../../lib/browser-api.ts';
import { useHydrated } from '../../../lib/use-hydrated.ts';
import { ORDERS_QUERY_KEY, orderPageQueryOptions } from '../../orders/index.ts';
import { useIsSignedIn } from '../../session/index.ts';
import { useFormat } from '../../site/index.ts';
import {
  linkedOrderReturnsQueryOptions,
  orderReturnsQueryOptions,
  requestWithdrawalLink,
  stateReturn,
  withdrawAsGuest,
} from '../api/returns.ts';
import { OrderStatement, PeriodEnded, type ReturnKindChoice } from './order-statement.tsx';

const FAILED = 'Could not send your statement. Please try again.';

/** The e-mailed link's parameters, when the address carries them all. */
function linkQuery(params: URLSearchParams): WithdrawalOrderQuery | null {
  const [order_number, email, expires, key] = ['order', 'email', 'expires', 'key'].map((name) => params.get(name));
  if (!order_number || !email || !expires || !key) return null;
  return { order_number, email, expires: Number(expires), key };
}

/**
 * The withdrawal function: for a signed-in customer, their orders to pick from; for anyone else, the order's number
 * and e-mail address (and, to choose single items, a link e-mailed to that address); then two steps, then the
 * receipt. Rendered in the browser only: what it shows depends on the session and the address.
 */
export function WithdrawalFlow() {
  const hydrated = useHydrated();
  const signedIn = useIsSignedIn();
  const [params] = useSearchParams();
  if (!hydrated) return <Spinner />;
  const link = linkQuery(params);
  if (link) return <LinkedOrder query={link} />;
  if (signedIn) {
    return (
      <CustomerWithdrawal
        initialOrder={params.get('order_id')}
        kind={params.get('kind') === 'return' ? 'return' : 'withdrawal'}
      />
    );
  }
  return <GuestWithdrawal />;
}

/** Someone not signed in: the order's number and e-mail address identify the contract, nothing more. */
function GuestWithdrawal() {
  const format = useFormat();
  const [number, setNumber] = useState('');
  const [email, setEmail] = useState('');
  const [scope, setScope] = useState<'all' | 'some'>('all');
  const [reason, setReason] = useState('');
  const [step, setStep] = useState<'state' | 'confirm' | 'done' | 'link'>('state');
  const [answer, setAnswer] = useState<{ detail: string; requested_at: string } | null>(null);
  const { outcome, submitting, submit } = useSubmission();
  const failure = (error: unknown) => errorText(error, FAILED, { fields: 'all' });
  const identity = { order_number: number.trim(), email: email.trim() };

  function onState(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (scope === 'all') return setStep('confirm');
    void submit(async () => {
      setAnswer(await requestWithdrawalLink(browserApi(), identity));
      setStep('link');
      return null;
    }, failure);
  }

  function onConfirm() {
    void submit(async () => {
      setAnswer(await withdrawAsGuest(browserApi(), { ...identity, lines: [], reason: reason.trim() }));
      setStep('done');
      return null;
    }, failure);
  }

  if (step === 'link' && answer) {
    return (
      <section className="withdrawal__step" aria-labelledby="withdrawal-link">
        <h2 id="withdrawal-link">Check your e-mail</h2>
        <p role="status">{answer.detail}</p>
        <p>Open it to choose the items you withdraw from. Nothing changes until you confirm there.</p>
      </section>
    );
  }

  if (step === 'done' && answer) {
    return (
      <section className="withdrawal__step" aria-labelledby="withdrawal-done">
        <h2 id="withdrawal-done">Withdrawal received</h2>
        <p className="withdrawal__stamp">
          Stated on <time dateTime={answer.requested_at}>{format.dateTime(answer.requested_at)}</time> for the whole of
          order #{identity.order_number}.
        </p>
        <p role="status">{answer.detail}</p>
        <p>
          It tells you where to send the goods. You get your money back within 14 days at the latest; we may wait until
          the goods are back with us or you show that you sent them.
        </p>
      </section>
    );
  }

  if (step === 'confirm') {
    return (
      <section className="withdrawal__step" aria-labelledby="withdrawal-confirm">
        <h2 id="withdrawal-confirm">Confirm your withdrawal</h2>
        <p>
          You withdraw from the contract of order #{identity.order_number} ({identity.email}) for the whole order.
        </p>
        {reason.trim() && <p>Reason: {reason.trim()}</p>}
        <FormMessage outcome={outcome} />
        <div className="withdrawal__actions">
          <button type="button" className="button button--primary" onClick={onConfirm} disabled={submitting}>
            {submitting ? 'Sending...' : 'Confirm withdrawal'}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setStep('state')} disabled={submitting}>
            Change
          </button>
        </div>
      </section>
    );
  }

  return (
    <form className="withdrawal__step withdrawal__form" onSubmit={onState} aria-labelledby="withdrawal-state">
      <h2 id="withdrawal-state">Which order?</h2>
      <p>
        No account needed: the order number and the e-mail address you ordered with are enough.{' '}
        <Link to="/login?redirect=/withdrawal">Log in</Link> to pick from your orders instead.
      </p>
      <TextField id="withdrawal-number" label="Order number" value={number} onValueChange={setNumber} />
      <TextField
        id="withdrawal-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onValueChange={setEmail}
      />
      <fieldset className="withdrawal__scope">
        <legend>What do you withdraw from?</legend>
        <label>
          <input type="radio" name="scope" checked={scope === 'all'} onChange={() => setScope('all')} /> The whole order
        </label>
        <label>
          <input type="radio" name="scope" checked={scope === 'some'} onChange={() => setScope('some')} /> Only some
          items (we e-mail you a link to choose them)
        </label>
      </fieldset>
      {scope === 'all' && (
        <div className="text-field">
          <label htmlFor="withdrawal-reason">Reason (optional)</label>
          <textarea
            id="withdrawal-reason"
            rows={3}
            maxLength={1000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      )}
      <FormMessage outcome={outcome} />
      <button type="submit" className="button button--primary" disabled={submitting}>
        {scope === 'all' ? 'Continue' : submitting ? 'Sending...' : 'Send me the link'}
      </button>
    </form>
  );
}

/** The e-mailed link: the order's items, chosen without signing in. */
function LinkedOrder({ query }: { query: WithdrawalOrderQuery }) {
  const order = useQuery(linkedOrderReturnsQueryOptions(browserApi(), query));
  if (order.isPending) return <Spinner />;
  if (order.isError) return <ErrorBox>{errorText(order.error, 'Failed to load the order.')}</ErrorBox>;
  const { data } = order;
  if (!data.returnable) return <p className="withdrawal__note">Nothing of order #{data.order_number} can go back.</p>;
  if (!data.withdrawal.open && data.withdrawal.last_day) {
    return <PeriodEnded lastDay={data.withdrawal.last_day} returnLink={null} />;
  }
  return (
    <>
      <p>Order #{data.order_number}</p>
      <OrderStatement
        order={data}
        kind="withdrawal"
        send={async (body) => {
          const answer = await withdrawAsGuest(browserApi(), {
            order_number: query.order_number,
            email: query.email,
            ...body,
          });
          return { requestedAt: answer.requested_at, text: answer.detail };
        }}
      />
    </>
  );
}

/** A signed-in customer picks one of their orders (the newest ten), then states the withdrawal or return. */
function CustomerWithdrawal({ initialOrder, kind }: { initialOrder: string | null; kind: ReturnKindChoice }) {
  const format = useFormat();
  const orders = useQuery(orderPageQueryOptions(browserApi(), 1));
  const [chosen, setChosen] = useState<string | null>(initialOrder);
  if (orders.isPending) return <Spinner />;
  if (orders.isError) return <ErrorBox>{errorText(orders.error, 'Failed to load your orders.')}</ErrorBox>;
  const list = orders.data.results;
  if (list.length === 0 && !chosen) return <p className="withdrawal__note">You have no orders yet.</p>;
  const orderId = chosen ?? String(list[0]?.id ?? '');
  return (
    <>
      <div className="text-field withdrawal__order">
        <label htmlFor="withdrawal-order">Order</label>
        <select id="withdrawal-order" value={orderId} onChange={(event) => setChosen(event.target.value)}>
          {list.every((order) => String(order.id) !== orderId) && <option value={orderId}>Order {orderId}</option>}
          {list.map((order) => (
            <option key={order.id} value={order.id}>
              #{order.number}, placed {format.date(order.created_at)}
            </option>
          ))}
        </select>
      </div>
      <CustomerOrder key={`${orderId}-${kind}`} orderId={orderId} kind={kind} />
    </>
  );
}

function CustomerOrder({ orderId, kind }: { orderId: string; kind: ReturnKindChoice }) {
  const queryClient = useQueryClient();
  const order = useQuery(orderReturnsQueryOptions(browserApi(), orderId));
  if (order.isPending) return <Spinner />;
  if (order.isError) {
    return (
      <ErrorBox>
        {errorText(order.error, 'Failed to load the order.', { byStatus: { 404: 'Order not found.' } })}
      </ErrorBox>
    );
  }
  const { data } = order;
  if (!data.returnable) return <p className="withdrawal__note">Nothing of order #{data.order_number} can go back.</p>;
  if (kind === 'withdrawal' && !data.withdrawal.open && data.withdrawal.last_day) {
    return (
      <PeriodEnded
        lastDay={data.withdrawal.last_day}
        returnLink={`/withdrawal?order_id=${data.order_id}&kind=return`}
      />
    );
  }
  return (
    <OrderStatement
      order={data}
      kind={kind}
      send={async (body) => {
        const recorded = await stateReturn(browserApi(), data.order_id, kind, body);
        void queryClient.invalidateQueries({ queryKey: ORDERS_QUERY_KEY });
        return { requestedAt: recorded.requested_at, text: 'A receipt is on its way to your e-mail address.' };
      }}
    />
  );
}
