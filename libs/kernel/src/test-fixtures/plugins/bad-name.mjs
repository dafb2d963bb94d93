// Invalid: plugin names are ^[a-z][a-z0-9]*$.
export default { name: 'Bad-Name', version: '1.0.0', sdkRange: '^1.0.0', tools: [] };
