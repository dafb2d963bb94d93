export {
  PLUGIN_TAG,
  assertPluginsBuilt,
  builtEntry,
  discoverWorkspacePlugins,
  importPlugin,
  pluginsOfGraph,
  type ProjectNodeLike,
  type WorkspacePlugin,
} from './workspace-plugins.js';
