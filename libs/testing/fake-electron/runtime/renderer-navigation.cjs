'use strict';
// The page half of will-navigate. Electron asks the main process before a page navigates itself
// (a link, location.href = …, a form), and a listener's preventDefault() keeps the page where it
// is: apps use it to send links to shell.openExternal. Here the page's Navigation API holds every
// such cross-document navigation, main decides, and an allowed one is started again unchanged.
// Navigations main starts (loadURL, reload, history traversal) and in-page ones are not asked
// about, as in Electron.

/* eslint-disable */
// Runs in the page (never in Node): keep it self-contained.
function pageNavigation(post, handlers) {
  const navigation = globalThis.navigation;
  if (!navigation) return;
  const pending = new Map();
  let lastId = 0;
  let allowed = null;
  navigation.addEventListener('navigate', (event) => {
    const destination = event.destination;
    if (destination.sameDocument || event.navigationType === 'traverse' || event.navigationType === 'reload') return;
    if (event.downloadRequest !== null || !event.cancelable) return;
    if (allowed === destination.url) {
      allowed = null;
      return;
    }
    const source = event.sourceElement;
    const form = event.formData ? (source instanceof HTMLFormElement ? source : (source?.form ?? null)) : null;
    if (event.formData && !form) {
      // A submission that cannot be started again is reported but not held.
      post({ t: 'will-navigate', id: 0, url: destination.url });
      return;
    }
    event.preventDefault();
    const id = ++lastId;
    pending.set(id, { url: destination.url, replace: event.navigationType === 'replace', form });
    post({ t: 'will-navigate', id, url: destination.url });
  });
  handlers['navigate-allowed'] = ({ id }) => {
    const held = pending.get(id);
    if (!held) return;
    pending.delete(id);
    allowed = held.url;
    // submit() sends the form again without firing its submit event (the app's handler already ran).
    if (held.form) HTMLFormElement.prototype.submit.call(held.form);
    else if (held.replace) location.replace(held.url);
    else location.assign(held.url);
  };
  handlers['navigate-prevented'] = ({ id }) => {
    pending.delete(id);
  };
}
/* eslint-enable */

module.exports = { pageNavigation };
