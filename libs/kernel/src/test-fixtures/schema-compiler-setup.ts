// Unit tests call the registry, validation and plugin-config checks directly, without the
// dispatcher or plugin loader that load typebox's compiler first in the server.
import { loadSchemaCompiler } from '../tools/schema-compiler.js';

await loadSchemaCompiler();
