import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderTimeline } from './order-timeline.tsx';

describe('OrderTimeline', () => {
  it('lists each status with its date and time, oldest first, in a list named "Order history"', () => {
    const html = renderToStaticMarkup(
      <OrderTimeline
        history={[
          { status: 'awaiting_payment', at: '2026-03-05T10:00:00.000Z' },
          { status: 'paid', at: '2026-03-06T08:30:00.000Z' },
          { status: 'shipped', at: '2026-03-07T14:05:00.000Z' },
        ]}
      />,
    );
    expect(html).toContain('<h2 id="order-history">Order history</h2>');
    expect(html).toContain('<ol class="order-timeline__list" aria-labelledby="order-history">');
    const entries = [...html.matchAll(/<li[^>]*>(.*?)<\/li>/g)].map((match) =>
      (match[1] ?? '').replace(/<[^>]+>/g, ''),
    );
    expect(entries).toEqual([
      'Awaiting payment March 5, 2026 at 10:00 AM UTC',
      'Paid March 6, 2026 at 8:30 AM UTC',
      'Shipped March 7, 2026 at 2:05 PM UTC',
    ]);
    expect(html).toContain('<time dateTime="2026-03-06T08:30:00.000Z">');
  });

  it('shows nothing for an order without history', () => {
    expect(renderToStaticMarkup(<OrderTimeline history={[]} />)).toBe('');
  });
});
