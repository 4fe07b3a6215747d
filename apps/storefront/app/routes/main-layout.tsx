import { Outlet } from 'react-router';
import { RouteErrorBox } from '../components/error-box.tsx';
import { Shell } from '../features/shell/components/shell.tsx';

/** Layout route of every page but /test. */
export default function MainLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** A page that fails keeps the header and footer around its error box. */
export function ErrorBoundary() {
  return (
    <Shell>
      <RouteErrorBox />
    </Shell>
  );
}
