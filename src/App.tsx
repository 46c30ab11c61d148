import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Layout } from './app/Layout';
import { Home } from './app/Home';
import { NotFound } from './app/NotFound';
import { LoadFailure, routeElements } from './app/ToolRoute';
import { DIAGNOSTICS_PATH, pages } from './app/registry';
import { usePageViews } from './app/usePageViews';

// The self-check page is rare and brings the worker transport (Comlink): not in the first load.
const Diagnostics = lazy(() => import('./app/Diagnostics').then((m) => ({ default: m.Diagnostics })));

export function App() {
  usePageViews();
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Home />} />
        {pages.map((p) => (
          <Route key={p.path} path={p.path} element={routeElements.get(p.path)} />
        ))}
        <Route
          path={DIAGNOSTICS_PATH}
          element={
            // Opened when something is wrong, as on a flaky connection: its chunk failing unmounted the app.
            <LoadFailure title="Diagnostics">
              <Suspense>
                <Diagnostics />
              </Suspense>
            </LoadFailure>
          }
        />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
