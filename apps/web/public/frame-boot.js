/* global window, document, location, requestAnimationFrame */
// The pages whose HTML is their signed-in frame (scripts/render-frames.ts) start the app's scripts here, once the
// frame has been painted: fetched with the HTML, they would share the line with the frame's stylesheets and delay the
// first paint. The script's `data-entry` is the app's entry module, `data-preload` the modules it needs at once,
// `data-fetch` what they fetch first (the app's configuration).
// The page's first API requests start here too, after the scripts (see startFirstRequests below).
(function () {
  var EXPIRY_MARGIN_MS = 30000;
  var MAX_URLS = 24;

  // The stored sign-in's token while it is good (src/lib/session/stored-sign-in.ts), if the workspace is set up: the
  // app hydrates the frame only then (src/app/frame/hydrate-frame.ts), and only a hydrating page takes these answers.
  function hydratingToken() {
    var data = JSON.parse(localStorage.getItem('authData') || 'null');
    var token = data && typeof data.token === 'string' ? data.token : '';
    var payload = token.split('.')[1];
    if (!payload) return null;
    var claims = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    if (!claims || typeof claims.exp !== 'number' || claims.exp * 1000 - EXPIRY_MARGIN_MS <= Date.now()) return null;
    var persisted = JSON.parse(localStorage.getItem('persist:root') || 'null');
    var guide = persisted && typeof persisted.setupGuide === 'string' ? JSON.parse(persisted.setupGuide) : null;
    return guide && guide.isSetupApiDone === true ? token : null;
  }

  // The GETs this kind of page asked for on its last first load (src/lib/api/first-requests.ts keeps them per kind of
  // page: the address with each number of its path as {0}, so every order's page shares one list), started now
  // rather than once the app has been fetched and evaluated, so that the answers come while the scripts do. The app
  // takes each answer when it asks for the same URL (window.shipdeskFirstRequests). A URL naming another record than
  // the page's (a parcel of the order first recorded) is started only on the address it was recorded on.
  function startFirstRequests() {
    try {
      var token = hydratingToken();
      if (!token) return;
      var ids = [];
      var key =
        location.pathname
          .split('/')
          .map(function (segment) {
            if (!/^[0-9]+$/.test(segment)) return segment;
            ids.push(segment);
            return '{' + (ids.length - 1) + '}';
          })
          .join('/') + location.search;
      var kept = JSON.parse(localStorage.getItem('firstRequests') || '{}');
      var entry = kept && kept[key];
      if (!entry || !Array.isArray(entry.urls)) return;
      var sameAddress = entry.address === location.pathname + location.search;
      var authorization = 'Bearer ' + token;
      var responses = {};
      entry.urls.slice(0, MAX_URLS).forEach(function (path) {
        if (typeof path !== 'string' || !/^\/(api|call)\//.test(path)) return;
        if (!sameAddress && /\/[0-9]+(\/|\?|$)/.test(path)) return;
        var filled = path.replace(/\{([0-9]+)\}/g, function (_, index) {
          return ids[Number(index)] || '';
        });
        var url = new URL(filled, location.origin).href;
        var response = fetch(url, { headers: { Authorization: authorization }, credentials: 'same-origin' });
        // Unused, a failure is nobody's: the page's own request (made anew then) reports its own.
        response.catch(function () {});
        responses[url] = response;
      });
      window.shipdeskFirstRequests = { at: Date.now(), authorization: authorization, responses: responses };
    } catch {
      // Storage or a stored value unreadable: the page asks for its data itself.
    }
  }

  var script = document.currentScript;
  if (!script) return;
  var entry = script.getAttribute('data-entry');
  var preload = (script.getAttribute('data-preload') || '').split(' ');
  var fetches = (script.getAttribute('data-fetch') || '').split(' ');
  var started = false;
  function start() {
    if (started) return;
    started = true;
    fetches.forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'preload';
      link.as = 'fetch';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
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
    // After the scripts: on a connection that takes six requests at a time, the largest script goes first.
    startFirstRequests();
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
