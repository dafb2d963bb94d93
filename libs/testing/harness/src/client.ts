// Lifted into the published test kit (libs/testing/kit, @stagewright/testing); re-exported for in-repo tests.
export { newClient, toolCaller, type McpTestClient } from '@stagewright/testing';
