import { LoginForm } from '../features/session/components/login-form.tsx';

/** Sign-in (spec /login). */
export default function LoginPage() {
  return (
    <section className="container page">
      <LoginForm />
    </section>
  );
}
