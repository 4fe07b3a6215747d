import { LoginForm } from '../features/session/components/login-form.tsx';
import { untitledPrivatePageMeta } from '../lib/seo.ts';
import type { Route } from './+types/login';

/** Sign-in (spec /login). */
export const meta: Route.MetaFunction = ({ matches }) => untitledPrivatePageMeta(matches);

export default function LoginPage() {
  return (
    <section className="container page">
      <LoginForm />
    </section>
  );
}
