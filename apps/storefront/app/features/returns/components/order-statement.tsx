import type { OrderReturns, ReturnableLine, WithdrawalBody } from '@platform/contracts/returns';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { FormMessage, useSubmission } from '../../../components/form-message.tsx';
import { errorText } from '../../../lib/api-client.ts';
import { useFormat, useSiteSettings } from '../../site/index.ts';
import './returns.css';

export type ReturnKindChoice = 'withdrawal' | 'return';

/** A day of the shop's calendar (YYYY-MM-DD) as the shop writes days: "June 16, 2026". */
export function useDayText(): (day: string) => string {
  const locale = useSiteSettings()?.locale ?? 'en-US';
  return (day) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    let format: Intl.DateTimeFormat;
    try {
      format = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    } catch {
      format = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
    }
    return format.format(new Date(Date.UTC(year, month - 1, date))).replace(/[\u00a0\u202f\u2009]/g, ' ');
  };
}

/** What the customer (or guest) learns once the statement is recorded. */
export interface Receipt {
  requestedAt: string;
  text: string;
}

const WORDS = {
  withdrawal: {
    stateTitle: 'What do you withdraw from?',
    confirmTitle: 'Confirm your withdrawal',
    confirm: 'Confirm withdrawal',
    confirming: 'Sending...',
    doneTitle: 'Withdrawal received',
    summary: (number: string) => `You withdraw from the contract of order #${number} for:`,
  },
  return: {
    stateTitle: 'What do you want to return?',
    confirmTitle: 'Confirm your return request',
    confirm: 'Confirm return request',
    confirming: 'Sending...',
    doneTitle: 'Return request received',
    summary: (number: string) => `You ask to return from order #${number}:`,
  },
} as const;

/**
 * The two steps of a withdrawal (or an ordinary return) from one order whose lines are known: state what goes back
 * (the whole order, or some lines and quantities) and an optional reason, then confirm; then the receipt with its
 * date and time.
 */
export function OrderStatement({
  order,
  kind,
  send,
}: {
  order: OrderReturns;
  kind: ReturnKindChoice;
  send: (body: WithdrawalBody) => Promise<Receipt>;
}) {
  const words = WORDS[kind];
  const format = useFormat();
  const [step, setStep] = useState<'state' | 'confirm' | 'done'>('state');
  const [scope, setScope] = useState<'all' | 'some'>('all');
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<(Receipt & { lines: Chosen[] }) | null>(null);
  const { outcome, submitting, submit } = useSubmission();
  const open = order.lines.filter((line) => line.returnable > 0);
  const chosen =
    scope === 'all'
      ? open.map((line) => ({ line, quantity: line.returnable }))
      : open.flatMap((line) =>
          quantities[line.line_id] ? [{ line, quantity: quantities[line.line_id] as number }] : [],
        );

  function onState(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen.length === 0) return setProblem('Choose at least one item.');
    setProblem(null);
    setStep('confirm');
  }

  function onConfirm() {
    const lines = scope === 'all' ? [] : chosen.map(({ line, quantity }) => ({ line_id: line.line_id, quantity }));
    void submit(
      async () => {
        const sent = chosen;
        setReceipt({ ...(await send({ lines, reason: reason.trim() })), lines: sent });
        setStep('done');
        return null;
      },
      (error) => errorText(error, 'Could not send your statement. Please try again.', { fields: 'all' }),
    );
  }

  if (step === 'done' && receipt) {
    return (
      <section className="withdrawal__step" aria-labelledby="withdrawal-done">
        <h2 id="withdrawal-done">{words.doneTitle}</h2>
        <p className="withdrawal__stamp">
          Stated on <time dateTime={receipt.requestedAt}>{format.dateTime(receipt.requestedAt)}</time>.
        </p>
        <ChosenLines chosen={receipt.lines} />
        <p role="status">{receipt.text}</p>
        <p>
          It tells you where to send the goods. You get your money back within 14 days at the latest; we may wait until
          the goods are back with us or you show that you sent them.
        </p>
      </section>
    );
  }

  if (open.length === 0) {
    return <p className="withdrawal__note">Every item of this order has been returned already.</p>;
  }

  if (step === 'confirm') {
    return (
      <section className="withdrawal__step" aria-labelledby="withdrawal-confirm">
        <h2 id="withdrawal-confirm">{words.confirmTitle}</h2>
        <p>{words.summary(order.order_number)}</p>
        <ChosenLines chosen={chosen} />
        {reason.trim() && <p>Reason: {reason.trim()}</p>}
        <FormMessage outcome={outcome} />
        <div className="withdrawal__actions">
          <button type="button" className="button button--primary" onClick={onConfirm} disabled={submitting}>
            {submitting ? words.confirming : words.confirm}
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
      <h2 id="withdrawal-state">{words.stateTitle}</h2>
      <fieldset className="withdrawal__scope">
        <legend className="visually-hidden">Items</legend>
        <label>
          <input type="radio" name="scope" checked={scope === 'all'} onChange={() => setScope('all')} /> The whole order
        </label>
        <label>
          <input type="radio" name="scope" checked={scope === 'some'} onChange={() => setScope('some')} /> Only some
          items
        </label>
      </fieldset>
      {scope === 'some' && (
        <ul className="withdrawal__lines">
          {order.lines.map((line) => (
            <LineChoice
              key={line.line_id}
              line={line}
              quantity={quantities[line.line_id] ?? 0}
              onChange={(quantity) => setQuantities((current) => ({ ...current, [line.line_id]: quantity }))}
            />
          ))}
        </ul>
      )}
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
      {problem && <FormMessage outcome={{ kind: 'error', text: problem }} />}
      <button type="submit" className="button button--primary">
        Continue
      </button>
    </form>
  );
}

/** One line of the order: whether it goes back, and how many of its units. */
function LineChoice({
  line,
  quantity,
  onChange,
}: {
  line: ReturnableLine;
  quantity: number;
  onChange: (quantity: number) => void;
}) {
  const id = `withdrawal-line-${line.line_id}`;
  const name = `${line.product_name}${line.sku ? ` (${line.sku})` : ''}`;
  if (line.returnable === 0) {
    return <li className="withdrawal__line withdrawal__line--done">{name}: already returned</li>;
  }
  return (
    <li className="withdrawal__line">
      <label htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={quantity > 0}
          onChange={(event) => onChange(event.target.checked ? line.returnable : 0)}
        />{' '}
        {name}
      </label>
      {quantity > 0 && line.returnable > 1 && (
        <label className="withdrawal__quantity">
          <span className="visually-hidden">Quantity of {name}</span>
          <select value={quantity} onChange={(event) => onChange(Number(event.target.value))}>
            {Array.from({ length: line.returnable }, (_, index) => index + 1).map((count) => (
              <option key={count} value={count}>
                {count} of {line.returnable}
              </option>
            ))}
          </select>
        </label>
      )}
    </li>
  );
}

type Chosen = { line: ReturnableLine; quantity: number };

function ChosenLines({ chosen }: { chosen: Chosen[] }) {
  return (
    <ul className="withdrawal__chosen">
      {chosen.map(({ line, quantity }) => (
        <li key={line.line_id}>
          {quantity} × {line.product_name}
          {line.sku ? ` (${line.sku})` : ''}
        </li>
      ))}
    </ul>
  );
}

/** The period is over: its last day, and the ordinary return instead. */
export function PeriodEnded({ lastDay, returnLink }: { lastDay: string; returnLink: string | null }) {
  const dayText = useDayText();
  return (
    <div className="withdrawal__ended" role="status">
      <p>The withdrawal period of this order ended on {dayText(lastDay)}.</p>
      <p>
        You can still ask for an ordinary return under our <Link to="/refund-policy">refund policy</Link>.
      </p>
      {returnLink && (
        <Link to={returnLink} className="button button--primary">
          Ask for a return
        </Link>
      )}
    </div>
  );
}
