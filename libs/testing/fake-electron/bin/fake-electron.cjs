#!/usr/bin/env node
'use strict';
// fake-electron: Electron's launch contract on Node + headless Chromium (see ../README.md).
require('../runtime/main.cjs').main(process.argv.slice(2));
