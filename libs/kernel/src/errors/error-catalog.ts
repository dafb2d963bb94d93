import { CORE_ERROR_CODES, type ErrorCodeSpec } from '@stagewright/sdk';

/**
 * The error codes one server instance knows: the core registry plus `<plugin>.CODE` for every
 * loaded plugin. Gives the meaning, default hint and retryable flag of a code, as registered
 * once (the sdk's CORE_ERROR_CODES, a plugin's `errorCodes`).
 */
export class ErrorCatalog {
  private readonly plugin = new Map<string, ErrorCodeSpec>();

  addPluginCodes(pluginName: string, codes: Readonly<Record<string, ErrorCodeSpec>> | undefined): void {
    for (const [key, spec] of Object.entries(codes ?? {})) this.plugin.set(`${pluginName}.${key}`, spec);
  }

  spec(code: string): ErrorCodeSpec | undefined {
    return (CORE_ERROR_CODES as Record<string, ErrorCodeSpec>)[code] ?? this.plugin.get(code);
  }

  /** A plugin's bare code (`NOT_RECORDING`) as it is surfaced (`trace.NOT_RECORDING`); other codes unchanged. */
  qualify(code: string, pluginName: string | undefined): string {
    if (!pluginName || code.includes('.') || code in CORE_ERROR_CODES) return code;
    return this.plugin.has(`${pluginName}.${code}`) ? `${pluginName}.${code}` : code;
  }

  pluginCodes(pluginName: string): string[] {
    return [...this.plugin.keys()].filter((code) => code.startsWith(`${pluginName}.`)).sort();
  }
}
