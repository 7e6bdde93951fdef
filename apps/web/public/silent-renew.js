/* global window */
// Silent sign-in callback for oidc-client-ts (what IFrameWindow.notifyParent does), without loading the app:
// post this URL, which carries code/state or error/state, to the parent window on the same origin.
(function () {
  var message = { source: 'oidc-client', url: window.location.href, keepOpen: false };
  if (window.parent && window.parent !== window) {
    window.parent.postMessage(message, window.location.origin);
  }
})();
