/* global document, requestAnimationFrame */
// The pages whose HTML is their signed-in frame (scripts/render-frames.ts) start the app's scripts here, once the
// frame has been painted: fetched with the HTML, they would share the line with the frame's stylesheets and delay the
// first paint. The script's `data-entry` is the app's entry module, `data-preload` the modules it needs at once.
(function () {
  var script = document.currentScript;
  if (!script) return;
  var entry = script.getAttribute('data-entry');
  var preload = (script.getAttribute('data-preload') || '').split(' ');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preload.forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
  }
  // Once the frame's first contentful paint has been presented (a paint timing entry), not merely scheduled: the
  // animation frame that follows the parse runs before the paint reaches the screen, and scripts started then would
  // be fetched before the first paint as far as the browser's timeline says. A hidden tab paints nothing, so starts
  // at once; a browser without paint timing starts after that animation frame; a paint that never comes (nothing
  // contentful drawn), after FALLBACK_MS.
  var FALLBACK_MS = 1500;
  if (document.visibilityState === 'hidden') return start();
  var types = (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes) || [];
  if (types.indexOf('paint') < 0) {
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
    return;
  }
  var observer = new PerformanceObserver(function (entries) {
    if (!entries.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(function () {
    observer.disconnect();
    start();
  }, FALLBACK_MS);
})();
