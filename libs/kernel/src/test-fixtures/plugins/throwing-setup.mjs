// Valid shape, but setup fails: startup must abort.
export const plugin = {
  name: 'broken',
  version: '1.0.0',
  sdkRange: '^1.0.0',
  tools: [],
  setup() {
    throw new Error('cannot reach the device');
  },
};
