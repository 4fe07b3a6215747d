import { RegisterForm } from '../features/session/components/register-form.tsx';
import { untitledPrivatePageMeta } from '../lib/seo.ts';
import type { Route } from './+types/register';

/** Registration (spec /register). */
export const meta: Route.MetaFunction = ({ matches }) => untitledPrivatePageMeta(matches);

export default function RegisterPage() {
  return (
    <section className="container page">
      <RegisterForm />
    </section>
  );
}
