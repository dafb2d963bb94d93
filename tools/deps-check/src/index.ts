export { checkWorkspace, formatViolations } from './check.js';
export { extractImports } from './imports.js';
export { checkImport, isTestFile, layerOf, type Layer, type Violation } from './rules.js';
export { discoverProjects, type ProjectInfo } from './workspace.js';
