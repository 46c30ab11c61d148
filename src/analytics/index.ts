export { trackPageView, trackToolUsage, trackError, trackPerformance, sendSuggestion, installPageLoadBeacon } from './client';
export { getSessionId, SESSION_KEY } from './session';
