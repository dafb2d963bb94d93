// ESM resolve hook: `import { app } from 'electron'` loads the stand-in's CommonJS module.
let electronUrl = '';

export function initialize(data) {
  electronUrl = data.electronUrl;
}

export function resolve(specifier, context, next) {
  if (specifier === 'electron' || specifier === 'electron/main' || specifier === 'electron/common') {
    return { url: electronUrl, format: 'commonjs', shortCircuit: true };
  }
  return next(specifier, context);
}
