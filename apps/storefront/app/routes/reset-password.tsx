import { ResetPasswordForm } from '../features/session/components/password-reset-forms.tsx';

/** The page of the mailed reset link: `/reset-password?token=…`. */
export default function ResetPasswordPage() {
  return (
    <section className="container page">
      <ResetPasswordForm />
    </section>
  );
}
