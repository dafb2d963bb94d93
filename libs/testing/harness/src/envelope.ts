// Lifted into the published test kit (libs/testing/kit, @stagewright/testing); re-exported for in-repo tests.
export { imagesOfResult, parseEnvelope, type Envelope } from '@stagewright/testing';
