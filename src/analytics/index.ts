export { trackPageView, trackToolUsage, trackError, trackPerformance, sendSuggestion, installPageLoadBeacon, installErrorReporting } from './client';
export { getSessionId, SESSION_KEY } from './session';
