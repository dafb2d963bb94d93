'use strict';
// Electron passes an Event object as the first listener argument; preventDefault() on it
// cancels the default action (closing a window, quitting, updating a title...).

/**
 * @param {Record<string, unknown>} [extra]
 * @returns {{ defaultPrevented: boolean, preventDefault(): void } & Record<string, unknown>}
 */
function makeEvent(extra = {}) {
  const event = {
    defaultPrevented: false,
    preventDefault() {
      event.defaultPrevented = true;
    },
    ...extra,
  };
  return event;
}

/** Emits `name` with a fresh Event and returns true when a listener prevented the default. */
function emitPreventable(emitter, name, ...args) {
  const event = makeEvent();
  emitter.emit(name, event, ...args);
  return event.defaultPrevented;
}

module.exports = { makeEvent, emitPreventable };
