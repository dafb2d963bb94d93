#!/usr/bin/env node
import 'reflect-metadata';
import './stdout-guard.js';
import { run } from './run.js';
import { subcommandOf } from './subcommands.js';

const argv = process.argv.slice(2);
const subcommand = subcommandOf(argv);
// A subcommand's stdout (--json) is flushed before exiting: a pipe would otherwise be cut short.
(subcommand ? subcommand().then((code) => new Promise<number>((done) => process.stdout.write('', () => done(code)))) : run(argv)).then(
  (code) => {
    if (code !== undefined) process.exit(code);
  },
);
