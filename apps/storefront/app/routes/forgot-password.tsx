import { ForgotPasswordForm } from '../features/session/components/password-reset-forms.tsx';
import { untitledPrivatePageMeta } from '../lib/seo.ts';
import type { Route } from './+types/forgot-password';

/** Asks for a password reset e-mail (linked from /login). */
export const meta: Route.MetaFunction = ({ matches }) => untitledPrivatePageMeta(matches);

export default function ForgotPasswordPage() {
  return (
    <section className="container page">
      <ForgotPasswordForm />
    </section>
  );
}
