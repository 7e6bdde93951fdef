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
  // A frame is painted after the animation frame that follows the parse; a hidden tab paints none, so starts at once.
  if (document.visibilityState === 'hidden') start();
  else
    requestAnimationFrame(function () {
      setTimeout(start, 0);
    });
})();
