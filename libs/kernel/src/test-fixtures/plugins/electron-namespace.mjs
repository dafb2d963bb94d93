// Invalid: the electron namespace belongs to core tools.
export default { name: 'electron', version: '1.0.0', sdkRange: '^1.0.0', tools: [] };
