'use strict';
// Editing commands, CSS injection and synthetic input of webContents, done in the page over CDP.

const EDIT_COMMANDS = {
  undo: 'undo',
  redo: 'redo',
  cut: 'cut',
  copy: 'copy',
  paste: 'paste',
  pasteAndMatchStyle: 'paste',
  delete: 'delete',
  selectAll: 'selectAll',
  unselect: 'unselect',
};

const MODIFIER_BITS = { alt: 1, control: 2, ctrl: 2, meta: 4, command: 4, cmd: 4, shift: 8 };

function modifierMask(modifiers = []) {
  return modifiers.reduce((mask, name) => mask | (MODIFIER_BITS[String(name).toLowerCase()] || 0), 0);
}

/** @param {any} WebContents */
function addEditingMethods(WebContents) {
  const proto = WebContents.prototype;

  for (const [method, command] of Object.entries(EDIT_COMMANDS)) {
    proto[method] = function editCommand() {
      const expression = command === 'unselect' ? 'getSelection()?.removeAllRanges()' : `document.execCommand(${JSON.stringify(command)})`;
      this._session?.sendQuietly('Runtime.evaluate', { expression, userGesture: true });
    };
  }

  proto.replace = function replace(text) {
    this._session?.sendQuietly('Input.insertText', { text: String(text) });
  };

  proto.replaceMisspelling = proto.replace;

  proto.insertText = async function insertText(text) {
    const session = await this._sessionOrThrow();
    await session.send('Input.insertText', { text: String(text) });
  };

  proto.insertCSS = async function insertCSS(css) {
    const key = `fake-electron-css-${Math.random().toString(36).slice(2)}`;
    await this.executeJavaScript(
      `(() => { const s = document.createElement('style'); s.dataset.electronCss = ${JSON.stringify(key)};` +
        ` s.textContent = ${JSON.stringify(String(css))}; (document.head || document.documentElement).append(s); })()`,
    );
    return key;
  };

  proto.removeInsertedCSS = async function removeInsertedCSS(key) {
    await this.executeJavaScript(`document.querySelector('style[data-electron-css=${JSON.stringify(String(key))}]')?.remove()`);
  };

  /** Electron's sendInputEvent: keyDown/keyUp/char and mouse events, dispatched through CDP Input. */
  proto.sendInputEvent = function sendInputEvent(event) {
    const session = this._session;
    if (!session) return;
    const modifiers = modifierMask(event.modifiers);
    const type = String(event.type);
    if (type === 'keyDown' || type === 'keyUp' || type === 'char') {
      const key = String(event.keyCode ?? '');
      const text = type === 'char' || (type === 'keyDown' && key.length === 1) ? key : undefined;
      session.sendQuietly('Input.dispatchKeyEvent', {
        type: type === 'keyUp' ? 'keyUp' : type === 'char' ? 'char' : text ? 'keyDown' : 'rawKeyDown',
        key,
        text,
        modifiers,
      });
      return;
    }
    const mouseTypes = { mouseDown: 'mousePressed', mouseUp: 'mouseReleased', mouseMove: 'mouseMoved', mouseWheel: 'mouseWheel' };
    if (mouseTypes[type]) {
      session.sendQuietly('Input.dispatchMouseEvent', {
        type: mouseTypes[type],
        x: event.x ?? 0,
        y: event.y ?? 0,
        button: event.button ?? (type === 'mouseMove' ? 'none' : 'left'),
        clickCount: event.clickCount ?? 1,
        deltaX: event.deltaX ?? 0,
        deltaY: event.deltaY ?? 0,
        modifiers,
      });
    }
  };
}

module.exports = { addEditingMethods };
