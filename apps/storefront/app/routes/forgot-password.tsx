import { ForgotPasswordForm } from '../features/session/components/password-reset-forms.tsx';

/** Asks for a password reset e-mail (linked from /login). */
export default function ForgotPasswordPage() {
  return (
    <section className="container page">
      <ForgotPasswordForm />
    </section>
  );
}
