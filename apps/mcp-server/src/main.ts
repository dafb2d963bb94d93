#!/usr/bin/env node
import 'reflect-metadata';
import './stdout-channel.js';

// Everything else is imported only now. The bundle is split into chunks (what only HTTP needs
// loads with the first HTTP session), and a statically imported chunk is evaluated before this
// module's own imports: tsyringe would find no Reflect polyfill, a dependency's console.log could
// reach stdout.
const { start } = await import('./start.js');
start(process.argv.slice(2));
