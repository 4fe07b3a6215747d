/** Sets a new password from a reset link; the accounts work fills it. */
export default function ResetPasswordPage() {
  return (
    <section className="container page">
      <h1 className="page-title">Reset Password</h1>
    </section>
  );
}
