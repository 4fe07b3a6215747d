import { UnsubscribeForm } from '../features/account/components/unsubscribe-form.tsx';
import { privatePageMeta } from '../lib/seo.ts';
import type { Route } from './+types/unsubscribe';

export const meta: Route.MetaFunction = () => privatePageMeta('Unsubscribe');

/** The unsubscribe link of a marketing e-mail (issue 49): works without signing in. */
export default function UnsubscribePage() {
  return (
    <section className="container page">
      <h1 className="page-title">Unsubscribe</h1>
      <p>
        Get no more marketing e-mail from us, such as a reminder of a cart left behind. E-mail about your orders still
        comes.
      </p>
      <UnsubscribeForm />
    </section>
  );
}
