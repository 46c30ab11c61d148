/* global document */
// Sets the theme the visitor picked (src/app/theme.ts keeps it) before the first paint: the app's
// own script runs later, and on a slow link the page painted in the system's theme first.
try {
  var theme = localStorage.getItem('bitsmith:theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch (e) {
  // Storage blocked: the page follows the system's theme.
}
