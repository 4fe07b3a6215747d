import { RegisterForm } from '../features/session/components/register-form.tsx';

/** Registration (spec /register). */
export default function RegisterPage() {
  return (
    <section className="container page">
      <RegisterForm />
    </section>
  );
}
