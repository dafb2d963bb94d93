import { injectable } from 'tsyringe';
import type { AnyToolDefinition, ToolModule } from '@stagewright/sdk';
import { launchTool } from './launch.js';
import { attachTool } from './attach.js';
import { injectTool } from './inject.js';
import { detachTool } from './detach.js';
import { stopTool } from './stop.js';
import { forceKillTool } from './force-kill.js';
import { statusTool } from './status.js';
import { infoTool } from './info.js';
import { doctorTool } from './doctor.js';
import { discoverRunningTool } from './discover-running.js';
import { windowsListTool } from './windows-list.js';
import { switchWindowTool } from './switch-window.js';
import { surfacesListTool } from './surfaces-list.js';
import { switchSurfaceTool } from './switch-surface.js';

export const LIFECYCLE_TOOLS: readonly AnyToolDefinition[] = [
  launchTool, attachTool, injectTool, detachTool, stopTool, forceKillTool, statusTool, infoTool,
  doctorTool, discoverRunningTool, windowsListTool, switchWindowTool, surfacesListTool, switchSurfaceTool,
];

/** Starting, attaching, stopping and inspecting apps; windows and surfaces. */
@injectable()
export class LifecycleModule implements ToolModule {
  readonly name = 'lifecycle';

  tools(): readonly AnyToolDefinition[] {
    return LIFECYCLE_TOOLS;
  }
}
