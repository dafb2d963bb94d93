// Invalid plugin (name breaks ^[a-z][a-z0-9]*$): startup must refuse it with exit code 2.
export default { name: 'Not Valid', version: '1.0.0', sdkRange: '^1.0.0', tools: [] };
