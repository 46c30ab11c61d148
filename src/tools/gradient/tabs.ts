/** The gradient page's tab and panel ids, shared by the tab list and the panels that switch tabs. */
import type { GradientTab } from './store';

export const tabId = (tab: GradientTab) => `gradient-tab-${tab}`;
export const panelId = (tab: GradientTab) => `gradient-panel-${tab}`;
