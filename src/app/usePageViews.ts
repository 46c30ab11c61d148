import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { trackPageView } from '../telemetry';

/** Reports a page view on every route change (path plus query); the first one carries the referrer. */
export function usePageViews(): void {
  const { pathname, search } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    trackPageView(pathname + search, first.current ? document.referrer : location.origin + '/');
    first.current = false;
  }, [pathname, search]);
}
