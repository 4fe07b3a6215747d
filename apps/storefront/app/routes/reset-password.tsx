import { ResetPasswordForm } from '../features/session/components/password-reset-forms.tsx';
import { untitledPrivatePageMeta } from '../lib/seo.ts';
import type { Route } from './+types/reset-password';

/** The page of the mailed reset link: `/reset-password?token=…`. */
export const meta: Route.MetaFunction = ({ matches }) => untitledPrivatePageMeta(matches);

export default function ResetPasswordPage() {
  return (
    <section className="container page">
      <ResetPasswordForm />
    </section>
  );
}
