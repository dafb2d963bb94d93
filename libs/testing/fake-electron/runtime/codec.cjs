'use strict';
// IPC values travel as JSON over CDP. This codec keeps what Electron's structured clone keeps
// (undefined, NaN/Infinity, -0, BigInt, Date, RegExp, Map, Set, typed arrays, Errors) and throws
// Electron's "An object could not be cloned." for functions and symbols.
// Both functions are self-contained: their source is also injected into renderers.

function encodeIpcValue(value) {
  const seen = new Set();
  const walk = (v) => {
    if (v === undefined) return { $t: 'u' };
    if (v === null || typeof v === 'boolean' || typeof v === 'string') return v;
    if (typeof v === 'number') {
      if (Number.isNaN(v) || !Number.isFinite(v) || Object.is(v, -0)) return { $t: 'n', v: String(Object.is(v, -0) ? '-0' : v) };
      return v;
    }
    if (typeof v === 'bigint') return { $t: 'b', v: String(v) };
    if (typeof v === 'function' || typeof v === 'symbol') throw new Error('An object could not be cloned.');
    if (seen.has(v)) throw new Error('An object could not be cloned.');
    seen.add(v);
    try {
      if (Array.isArray(v)) return v.map(walk);
      if (v instanceof Date) return { $t: 'd', v: v.getTime() };
      if (v instanceof RegExp) return { $t: 'r', v: v.source, f: v.flags };
      if (v instanceof Map) return { $t: 'm', v: [...v].map(([k, x]) => [walk(k), walk(x)]) };
      if (v instanceof Set) return { $t: 's', v: [...v].map(walk) };
      if (v instanceof Error) return { $t: 'e', name: v.name, message: v.message, stack: v.stack };
      if (ArrayBuffer.isView(v)) return { $t: 'a', v: Array.from(new Uint8Array(v.buffer, v.byteOffset, v.byteLength)) };
      if (v instanceof ArrayBuffer) return { $t: 'ab', v: Array.from(new Uint8Array(v)) };
      const out = {};
      for (const key of Object.keys(v)) out[key] = walk(v[key]);
      return '$t' in out ? { $t: 'o', v: out } : out;
    } finally {
      seen.delete(v);
    }
  };
  return walk(value);
}

function decodeIpcValue(value) {
  const walk = (v) => {
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map(walk);
    switch (v.$t) {
      case 'u':
        return undefined;
      case 'n':
        return v.v === '-0' ? -0 : Number(v.v);
      case 'b':
        return BigInt(v.v);
      case 'd':
        return new Date(v.v);
      case 'r':
        return new RegExp(v.v, v.f);
      case 'm':
        return new Map(v.v.map(([k, x]) => [walk(k), walk(x)]));
      case 's':
        return new Set(v.v.map(walk));
      case 'e': {
        const error = new Error(v.message);
        error.name = v.name;
        if (v.stack) error.stack = v.stack;
        return error;
      }
      case 'a':
        return Uint8Array.from(v.v);
      case 'ab':
        return Uint8Array.from(v.v).buffer;
      case 'o':
        v = v.v;
        break;
      default:
        break;
    }
    const out = {};
    for (const key of Object.keys(v)) out[key] = walk(v[key]);
    return out;
  };
  return walk(value);
}

module.exports = { encodeIpcValue, decodeIpcValue };
