/** The version `stagewright --version` prints and the server reports; kept equal to package.json by a test. */
export const STAGEWRIGHT_VERSION = '0.1.0';
