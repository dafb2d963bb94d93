#!/usr/bin/env node
import 'reflect-metadata';
import './stdout-guard.js';
import { run } from './run.js';

run(process.argv.slice(2)).then((code) => {
  if (code !== undefined) process.exit(code);
});
