// A well-formed third-party plugin (plain ESM, no build step): the tool invariants must hold for
// plugin tools exactly as for core tools.
export default {
  name: 'sample',
  version: '1.0.0',
  sdkRange: '^1.0.0',
  tools: [
    {
      name: 'note',
      title: 'Note',
      description: 'Record a note about the run.',
      kind: 'action',
      input: {
        type: 'object',
        properties: { text: { type: 'string', description: 'Note text', maxLength: 200 } },
        required: ['text'],
        additionalProperties: false,
      },
      handle: (args) => ({ noted: args.text }),
    },
    {
      name: 'peek',
      title: 'Peek',
      description: 'Read a global of the main process.',
      kind: 'read',
      gate: 'eval:main',
      input: { type: 'object', properties: { key: { type: 'string' } }, additionalProperties: false },
      detail: { notes: 'key names a property of globalThis in the main process.' },
      handle: () => ({}),
    },
  ],
};
