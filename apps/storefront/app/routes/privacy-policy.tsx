import { loadPolicy } from '../features/pages/api/pages.ts';
import { PolicyPage } from '../features/pages/components/policy-page.tsx';
import { apiFromContext } from '../lib/api.server.ts';
import { browserApi } from '../lib/browser-api.ts';
import { pageMeta } from '../lib/seo.ts';
import type { Route } from './+types/privacy-policy';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: 'Privacy Policy', path: '/privacy-policy' });

export function loader({ context }: Route.LoaderArgs) {
  return loadPolicy(apiFromContext(context), 'privacy_policy');
}

export function clientLoader() {
  return loadPolicy(browserApi(), 'privacy_policy');
}

/** The shop's privacy policy (spec /privacy-policy). */
export default function PrivacyPolicyPage({ loaderData }: Route.ComponentProps) {
  return <PolicyPage title="Privacy Policy" data={loaderData} />;
}
