'use strict';
// nativeImage: holds bytes (PNG when known) and a size read from the PNG header.

const fs = require('node:fs');

class NativeImage {
  /** @param {Buffer} buffer */
  constructor(buffer = Buffer.alloc(0)) {
    this._buffer = buffer;
    const isPng = buffer.length >= 24 && buffer.readUInt32BE(0) === 0x89504e47;
    this._size = isPng ? { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) } : { width: 0, height: 0 };
    this._template = false;
  }

  isEmpty() {
    return this._buffer.length === 0;
  }
  getSize() {
    return { ...this._size };
  }
  getAspectRatio() {
    return this._size.height ? this._size.width / this._size.height : 1;
  }
  toPNG() {
    return Buffer.from(this._buffer);
  }
  toJPEG() {
    return Buffer.from(this._buffer);
  }
  toBitmap() {
    return Buffer.from(this._buffer);
  }
  getBitmap() {
    return Buffer.from(this._buffer);
  }
  toDataURL() {
    return `data:image/png;base64,${this._buffer.toString('base64')}`;
  }
  resize() {
    return this;
  }
  crop() {
    return this;
  }
  setTemplateImage(flag) {
    this._template = Boolean(flag);
  }
  isTemplateImage() {
    return this._template;
  }
  getScaleFactors() {
    return [1];
  }
  addRepresentation() {}
}

const nativeImage = {
  createEmpty: () => new NativeImage(),
  createFromBuffer: (buffer) => new NativeImage(Buffer.from(buffer)),
  createFromPath: (filePath) => {
    try {
      return new NativeImage(fs.readFileSync(filePath));
    } catch {
      return new NativeImage();
    }
  },
  createFromDataURL: (url) => new NativeImage(Buffer.from(String(url).split(',')[1] ?? '', 'base64')),
  createFromBitmap: (buffer) => new NativeImage(Buffer.from(buffer)),
  createThumbnailFromPath: async (filePath) => nativeImage.createFromPath(filePath),
};

module.exports = { nativeImage, NativeImage };
