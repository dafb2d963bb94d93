import { ToolError, within } from '@stagewright/sdk';

export { within };

export function unresponsive(): never {
  throw new ToolError('RENDERER_UNRESPONSIVE', 'The page stopped answering; it is busy or hung.', { next: ['electron_stop'] });
}
