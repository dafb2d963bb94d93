// A plugin that writes to console.log at import, at setup and in its tool, and straight to
// process.stdout in its tool: over stdio none of it
// may reach stdout, which is the JSON-RPC channel.
console.log('noise at import');

export default {
  name: 'noisy',
  version: '1.0.0',
  sdkRange: '^1.0.0',
  tools: [
    {
      name: 'shout',
      title: 'Shout',
      description: 'Log to console and answer.',
      kind: 'read',
      input: { type: 'object', properties: {}, additionalProperties: false },
      handle: () => {
        console.log('noise in handler');
        console.info('info noise in handler');
        process.stdout.write('raw stdout noise in handler\n');
        return { shouted: true };
      },
    },
  ],
  setup() {
    console.log('noise at setup');
  },
};
