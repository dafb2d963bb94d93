'use strict';
// The page half of webContents' 'context-menu' event. Electron shows no menu of its own: when the
// user right-clicks (or presses the menu key) Chromium asks the browser process, which emits
// 'context-menu' with what was under the pointer (https://www.electronjs.org/docs/latest/api/web-contents#event-context-menu).
// A page that calls preventDefault() on its own 'contextmenu' event gets no 'context-menu' in
// main, and events scripts dispatch (untrusted) never reach it: only real input does.

/* eslint-disable */
// Runs in the page (never in Node): keep it self-contained.
function pageContextMenu(post) {
  const TEXT_INPUTS = ['text', 'search', 'url', 'tel', 'email', 'password', 'number', ''];
  const cut = (value, max = 2000) => {
    const s = value == null ? '' : String(value);
    return s.length > max ? s.slice(0, max) : s;
  };
  const editableOf = (node) => {
    if (!(node instanceof Element)) return false;
    if (node instanceof HTMLTextAreaElement) return !node.readOnly && !node.disabled;
    if (node instanceof HTMLInputElement) return TEXT_INPUTS.includes(node.type) && !node.readOnly && !node.disabled;
    return node.isContentEditable;
  };
  const formControlType = (node) => {
    if (node instanceof HTMLInputElement) return `input-${node.type || 'text'}`;
    if (node instanceof HTMLTextAreaElement) return 'text-area';
    if (node instanceof HTMLSelectElement) return node.multiple ? 'select-multiple' : 'select-one';
    return 'none';
  };
  const selectionOf = (node) => {
    if ((node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) && node.selectionStart !== null) {
      return node.value.slice(node.selectionStart, node.selectionEnd ?? node.selectionStart);
    }
    return String(globalThis.getSelection?.() ?? '');
  };
  const mediaTypeOf = (node) => {
    if (node instanceof HTMLImageElement) return 'image';
    if (node instanceof HTMLVideoElement) return 'video';
    if (node instanceof HTMLAudioElement) return 'audio';
    if (node instanceof HTMLCanvasElement) return 'canvas';
    return 'none';
  };

  /** ContextMenuParams as Electron documents them, for the node under the pointer. */
  const paramsOf = (event) => {
    const node = event.target instanceof Element ? event.target : (event.target?.parentElement ?? document.body);
    const link = node?.closest?.('a[href], area[href]');
    const isEditable = editableOf(node);
    const selectionText = cut(selectionOf(node));
    const media = mediaTypeOf(node);
    const titled = node?.closest?.('[title]');
    const hasSelection = selectionText.length > 0;
    return {
      x: Math.round(event.clientX),
      y: Math.round(event.clientY),
      linkURL: link ? cut(link.href) : '',
      linkText: link ? cut(link.textContent.trim(), 500) : '',
      pageURL: location.href,
      frameURL: location.href,
      srcURL: media === 'none' || media === 'canvas' ? '' : cut(node.currentSrc || node.src || ''),
      mediaType: media,
      hasImageContents: media === 'image' && node.complete && node.naturalWidth > 0,
      isEditable,
      selectionText,
      titleText: titled ? cut(titled.getAttribute('title'), 500) : '',
      altText: media === 'image' ? cut(node.alt, 500) : '',
      suggestedFilename: '',
      selectionRect: { x: 0, y: 0, width: 0, height: 0 },
      selectionStartOffset: 0,
      referrerPolicy: { url: location.href, policy: 'strict-origin-when-cross-origin' },
      misspelledWord: '',
      dictionarySuggestions: [],
      frameCharset: document.characterSet,
      formControlType: formControlType(node),
      spellcheckEnabled: isEditable && node.spellcheck !== false,
      menuSourceType: event.button === 2 ? 'mouse' : 'keyboard',
      mediaFlags: {
        inError: false,
        isPaused: media === 'video' || media === 'audio' ? node.paused : false,
        isMuted: media === 'video' || media === 'audio' ? node.muted : false,
        canSave: media === 'image' || media === 'video' || media === 'audio',
        hasAudio: media === 'audio' || media === 'video',
        isLooping: media === 'video' || media === 'audio' ? node.loop : false,
        isControlsVisible: media === 'video' || media === 'audio' ? node.controls : false,
        canToggleControls: media === 'video',
        canPrint: media === 'image',
        canRotate: false,
        canShowPictureInPicture: media === 'video',
        isShowingPictureInPicture: false,
        canLoop: media === 'video' || media === 'audio',
      },
      editFlags: {
        canUndo: isEditable,
        canRedo: isEditable,
        canCut: isEditable && hasSelection,
        canCopy: hasSelection,
        canPaste: isEditable,
        canDelete: isEditable && hasSelection,
        canSelectAll: true,
        canEditRichly: Boolean(node?.isContentEditable),
      },
    };
  };

  // Capture: a page listener that stops propagation must not hide the event from us.
  window.addEventListener(
    'contextmenu',
    (event) => {
      if (!event.isTrusted) return;
      const params = paramsOf(event);
      // The page's own listeners (registered later, or on inner nodes) may still cancel it: decide
      // once the event has been dispatched to all of them.
      setTimeout(() => {
        if (!event.defaultPrevented) post({ t: 'context-menu', params });
      }, 0);
    },
    true,
  );
}
/* eslint-enable */

module.exports = { pageContextMenu };
