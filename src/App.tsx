import { Route, Routes } from 'react-router-dom';
import { Layout } from './app/Layout';
import { Home } from './app/Home';
import { NotFound } from './app/NotFound';
import { routeElements } from './app/ToolRoute';
import { Diagnostics } from './app/Diagnostics';
import { DIAGNOSTICS_PATH, pages } from './app/registry';
import { usePageViews } from './app/usePageViews';

export function App() {
  usePageViews();
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<Home />} />
        {pages.map((p) => (
          <Route key={p.path} path={p.path} element={routeElements.get(p.path)} />
        ))}
        <Route path={DIAGNOSTICS_PATH} element={<Diagnostics />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
