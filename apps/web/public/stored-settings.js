/* global window, document */
// Runs before the app, so that the first paint (the page's HTML, or the app's boot message) already looks as the
// seller left it: MUI's colour-scheme attribute from the stored mode ('mui-mode', or the separate 'darkMode' flag),
// and `data-sidebar="collapsed"` when the seller collapsed the sidebar (the app's persisted settings), which the
// sidebar's CSS in the page's HTML follows on wide screens.
(function () {
  try {
    var mode = localStorage.getItem('mui-mode');
    if (mode !== 'light' && mode !== 'dark' && mode !== 'system') {
      var flag = localStorage.getItem('darkMode');
      mode = flag === 'true' ? 'dark' : flag === 'false' ? 'light' : 'system';
    }
    var dark = mode === 'dark' || (mode === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    var root = document.documentElement;
    root.setAttribute('data-mui-color-scheme', dark ? 'dark' : 'light');
    root.style.colorScheme = dark ? 'dark' : 'light';
    root.style.backgroundColor = dark ? 'hsl(230,17%,14%)' : '#f5f7fa';
  } catch {
    // Storage unavailable: the app applies the default scheme once it loads.
  }
  try {
    var persisted = JSON.parse(localStorage.getItem('persist:root') || 'null');
    var settings = persisted && typeof persisted.appSettings === 'string' ? JSON.parse(persisted.appSettings) : null;
    if (settings && settings.isMenuExpanded === false) {
      document.documentElement.setAttribute('data-sidebar', 'collapsed');
    }
  } catch {
    // Unreadable settings: the sidebar is drawn expanded, as the app's default.
  }
})();
