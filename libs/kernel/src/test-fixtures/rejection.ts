import { isToolError, type ToolError } from '@stagewright/sdk';
import type { RegisteredTool } from '../tools/registry.js';
import { validateArguments } from '../call/validation.js';

/** The BAD_ARGUMENT `validateArguments` throws for `args`; fails the test when the call passes. */
export function rejectionOf(tool: RegisteredTool, args: unknown): ToolError {
  try {
    validateArguments(tool, args);
  } catch (error) {
    if (isToolError(error)) return error;
    throw error;
  }
  throw new Error('expected BAD_ARGUMENT');
}
