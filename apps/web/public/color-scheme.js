/* global window, document */
// Runs before the app: sets MUI's colour-scheme attribute from the stored mode ('mui-mode', or the
// separate 'darkMode' flag), so the first paint already has the right background.
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
})();
