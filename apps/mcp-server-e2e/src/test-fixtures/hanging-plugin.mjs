// A plugin whose setup never settles (a device that never answers): startup must fail with exit 2
// naming it, not exit 0 silently or hang.
export default {
  name: 'hang',
  version: '1.0.0',
  sdkRange: '^1.0.0',
  tools: [],
  setup: () => new Promise(() => {}),
};
