'use strict';
// The frames of one webContents, as main sees them: Electron numbers each frame (its routing id,
// the main frame 1 here), tells IPC listeners which frame a message came from (event.frameId,
// event.senderFrame) and sends to one frame with webContents.sendToFrame(frameId, channel, ...args)
// (https://www.electronjs.org/docs/latest/api/web-contents#contentssendtoframeframeid-channel-args).
// A frame is a Chromium frame of the page target; its default execution context is where the
// bootstrap's dispatcher lives, so a message to the frame is evaluated there.

const { encodeIpcValue } = require('./codec.cjs');

/** Per webContents: CDP frame id -> { routingId, url, contextId }, and context id -> CDP frame id. */
function framesOf(contents) {
  contents._frames ??= { byCdpId: new Map(), byContext: new Map(), nextRoutingId: 2 };
  return contents._frames;
}

function frameEntry(contents, cdpFrameId) {
  const frames = framesOf(contents);
  let entry = frames.byCdpId.get(cdpFrameId);
  if (!entry) {
    const routingId = cdpFrameId === contents._targetId ? 1 : frames.nextRoutingId++;
    entry = { routingId, url: '', name: '', contextId: undefined };
    frames.byCdpId.set(cdpFrameId, entry);
  }
  return entry;
}

/** Called by attach: follows frames and their default execution contexts. */
function trackFrames(contents, session) {
  const frames = framesOf(contents);
  session.on('Runtime.executionContextCreated', ({ context }) => {
    const cdpFrameId = context.auxData?.frameId;
    if (!cdpFrameId || context.auxData?.isDefault === false) return;
    frameEntry(contents, cdpFrameId).contextId = context.id;
    frames.byContext.set(context.id, cdpFrameId);
  });
  session.on('Runtime.executionContextDestroyed', ({ executionContextId }) => {
    const cdpFrameId = frames.byContext.get(executionContextId);
    frames.byContext.delete(executionContextId);
    const entry = cdpFrameId && frames.byCdpId.get(cdpFrameId);
    if (entry && entry.contextId === executionContextId) entry.contextId = undefined;
  });
  session.on('Page.frameAttached', ({ frameId, parentFrameId }) => {
    frameEntry(contents, frameId).parentId = parentFrameId;
  });
  session.on('Page.frameNavigated', ({ frame }) => {
    const entry = frameEntry(contents, frame.id);
    entry.url = frame.url;
    entry.name = frame.name || '';
    if (frame.parentId) entry.parentId = frame.parentId;
  });
  session.on('Page.frameDetached', ({ frameId }) => {
    if (frameId !== contents._targetId) frames.byCdpId.delete(frameId);
  });
}

/** The WebFrameMain of a sub frame (the main frame is contents.mainFrame). */
function subFrame(contents, cdpFrameId) {
  return require('./web-frame-main.cjs').frameFor(contents, cdpFrameId);
}

/** The frame a renderer message came from: { frameId, senderFrame } for the IPC event. */
function senderOfContext(contents, contextId) {
  const frames = framesOf(contents);
  const cdpFrameId = contextId === undefined ? undefined : frames.byContext.get(contextId);
  const entry = cdpFrameId ? frames.byCdpId.get(cdpFrameId) : undefined;
  if (!entry || entry.routingId === 1) return { frameId: 1, senderFrame: contents.mainFrame };
  return { frameId: entry.routingId, senderFrame: subFrame(contents, cdpFrameId) };
}

/** webContents.sendToFrame: true when the frame exists and the message went to it. */
function sendToFrame(contents, frameId, channel, args) {
  const routingId = typeof frameId === 'number' ? frameId : Array.isArray(frameId) && frameId.length === 2 ? frameId[1] : undefined;
  if (typeof routingId !== 'number') throw new Error('Missing required frame argument (must be number or [processId, frameId])');
  if (typeof channel !== 'string') throw new TypeError('Missing required channel argument');
  const entry = [...framesOf(contents).byCdpId.values()].find((frame) => frame.routingId === routingId);
  if (!entry || entry.contextId === undefined) return false;
  contents._dispatch({ t: 'message', channel, args: encodeIpcValue(args) }, entry.contextId).catch(() => {});
  return true;
}

module.exports = { trackFrames, senderOfContext, sendToFrame };
