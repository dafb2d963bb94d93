import { dirname, join, resolve } from 'node:path';
import { Type, type Static } from '@stagewright/sdk';
import { ImageFolder } from './image-store.js';

export const VisualConfig = Type.Object(
  {
    baselineDir: Type.Optional(
      Type.String({ minLength: 1, maxLength: 1000, description: 'Folder of baselines (default <screenshot dir>/visual/baselines)' }),
    ),
    artifactDir: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 1000,
        description: 'Folder of actual and diff images (default <screenshot dir>/visual/artifacts)',
      }),
    ),
  },
  { additionalProperties: false },
);
export type VisualConfig = Static<typeof VisualConfig>;

/**
 * The two folders of one server instance. Relative config paths resolve against the server's
 * working directory at setup; without config both live under the server's screenshot folder, and
 * every folder from there down is checked to be this user's own (sdk privateFolder).
 */
export class VisualFolders {
  private configured: VisualConfig = {};

  configure(config: VisualConfig | undefined): void {
    this.configured = {
      ...(config?.baselineDir ? { baselineDir: resolve(config.baselineDir) } : {}),
      ...(config?.artifactDir ? { artifactDir: resolve(config.artifactDir) } : {}),
    };
  }

  baselines(screenshotDir: string): ImageFolder {
    const { baselineDir } = this.configured;
    return baselineDir
      ? new ImageFolder(baselineDir, 'baseline')
      : new ImageFolder(join(screenshotDir, 'visual', 'baselines'), 'baseline', dirname(screenshotDir));
  }

  artifacts(screenshotDir: string): ImageFolder {
    const { artifactDir } = this.configured;
    return artifactDir
      ? new ImageFolder(artifactDir, 'artifact')
      : new ImageFolder(join(screenshotDir, 'visual', 'artifacts'), 'artifact', dirname(screenshotDir));
  }
}
