import { WithdrawalFlow } from '../features/returns/components/withdrawal-flow.tsx';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/withdrawal';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Withdraw from Contract',
    path: '/withdrawal',
    description: 'Withdraw from a purchase within 14 days of its delivery, with or without an account.',
  });

/**
 * The withdrawal function (decision 023), linked from every page's footer: state the withdrawal, confirm it, and get
 * its receipt with the date and time. Its own route chunk: no other page loads it.
 */
export default function WithdrawalPage() {
  return (
    <section className="container page withdrawal">
      <h1 className="page-title">Withdraw from Contract</h1>
      <p className="withdrawal__intro">
        You may withdraw from a purchase within 14 days of its delivery without giving a reason. Say what you withdraw
        from, then confirm it: you get a receipt by e-mail at once.
      </p>
      <WithdrawalFlow />
    </section>
  );
}
