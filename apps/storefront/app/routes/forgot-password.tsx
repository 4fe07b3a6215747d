/** Asks for a password reset e-mail; the accounts work fills it. */
export default function ForgotPasswordPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Forgot Password</h1>
    </section>
  );
}
