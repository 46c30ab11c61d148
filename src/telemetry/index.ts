export { trackPageView, trackToolUsage, trackError, installPageLoadBeacon, installErrorReporting } from './client';
