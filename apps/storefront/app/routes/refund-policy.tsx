import { loadPolicy } from '../features/pages/api/pages.ts';
import { PolicyPage } from '../features/pages/components/policy-page.tsx';
import { apiFromContext } from '../lib/api.server.ts';
import { browserApi } from '../lib/browser-api.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/refund-policy';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Refund Policy', path: '/refund-policy' });

export function loader({ context }: Route.LoaderArgs) {
  return loadPolicy(apiFromContext(context), 'refund_policy');
}

export function clientLoader() {
  return loadPolicy(browserApi(), 'refund_policy');
}

/** The shop's refund policy (spec /refund-policy). */
export default function RefundPolicyPage({ loaderData }: Route.ComponentProps) {
  return <PolicyPage title="Refund Policy" data={loaderData} />;
}
