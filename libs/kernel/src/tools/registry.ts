import type { Validator } from 'typebox/compile';
import type { AnyToolDefinition } from '@stagewright/sdk';
import { compileSchema } from './schema-compiler.js';

/** Tool names as hosts see them: lowercase words joined by underscores. */
export const TOOL_NAME_PATTERN = /^[a-z][a-z0-9_]*$/;
export const TOOL_NAME_MAX_LENGTH = 64;

/** Where a tool came from: the core modules (or the `tools` option), a plugin, or the kernel itself. */
export type ToolOrigin = { type: 'core' } | { type: 'plugin'; plugin: string } | { type: 'kernel' };

export interface RegisteredTool {
  /** The listed name (plugin tools carry their `<plugin>_` prefix here, not in `def.name`). */
  readonly name: string;
  readonly def: AnyToolDefinition;
  readonly origin: ToolOrigin;
  /**
   * The input schema, compiled once. Plugin tools compile at registration, so a plugin whose
   * schema does not compile fails its load (fail-closed). Core and kernel tools compile at their
   * first call: compiling ~60 schemas is a fifth of a cold start, and their schemas are workspace
   * code that a core-tools test compiles one by one.
   */
  readonly validator: Validator;
}

export class ToolRegistrationError extends Error {
  override name = 'ToolRegistrationError';
}

function describeOrigin(origin: ToolOrigin): string {
  return origin.type === 'plugin' ? `plugin "${origin.plugin}"` : origin.type;
}

/**
 * Every tool of one server instance. Rejects duplicate names and bad name shapes at registration,
 * and lists in canonical lexicographic order (ADR-0035) whatever the registration order was.
 */
export class ToolRegistry {
  private readonly tools = new Map<string, RegisteredTool>();
  /** A former name -> the name the tool has now (ADR-0041); never listed. */
  private readonly formerNames = new Map<string, string>();

  register(def: AnyToolDefinition, origin: ToolOrigin = { type: 'core' }, name: string = def.name): RegisteredTool {
    if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name) || name.length > TOOL_NAME_MAX_LENGTH) {
      throw new ToolRegistrationError(
        `Tool name "${String(name)}" (${describeOrigin(origin)}) must match ${TOOL_NAME_PATTERN.source} and be at most ${TOOL_NAME_MAX_LENGTH} characters.`,
      );
    }
    const existing = this.tools.get(name) ?? this.tools.get(this.formerNames.get(name) ?? '');
    if (existing) {
      throw new ToolRegistrationError(
        `Tool "${name}" from ${describeOrigin(origin)} is already registered by ${describeOrigin(existing.origin)}.`,
      );
    }
    const input = def.input as { type?: unknown; additionalProperties?: unknown } | undefined;
    if (!input || input.type !== 'object' || input.additionalProperties !== false) {
      throw new ToolRegistrationError(
        `Tool "${name}": input must be an object schema with additionalProperties: false (Type.Object({...}, { additionalProperties: false })).`,
      );
    }
    if (typeof def.handle !== 'function') {
      throw new ToolRegistrationError(`Tool "${name}": handle must be a function.`);
    }
    const compile = (): Validator => {
      try {
        return compileSchema(def.input);
      } catch (error) {
        throw new ToolRegistrationError(`Tool "${name}": input schema does not compile: ${(error as Error).message}`);
      }
    };
    let compiled = origin.type === 'plugin' ? compile() : undefined;
    const entry: RegisteredTool = {
      name,
      def,
      origin,
      get validator() {
        compiled ??= compile();
        return compiled;
      },
    };
    for (const former of def.formerNames ?? []) {
      if (this.tools.has(former) || this.formerNames.has(former) || former === name) {
        throw new ToolRegistrationError(`Tool "${name}": its former name "${former}" is already taken.`);
      }
    }
    this.tools.set(name, entry);
    for (const former of def.formerNames ?? []) this.formerNames.set(former, name);
    return entry;
  }

  /** Removes a tool whose plugin failed to set up after it registered (a late load, ADR-0045). */
  unregister(name: string): void {
    this.tools.delete(name);
  }

  get(name: string): RegisteredTool | undefined {
    return this.tools.get(name);
  }

  /** The name a tool has now: a former name (ADR-0041) resolves to it, any other name is returned as is. */
  currentName(name: string): string {
    return this.formerNames.get(name) ?? name;
  }

  has(name: string): boolean {
    return this.tools.has(name);
  }

  /** All registered tools, sorted by name. */
  list(): RegisteredTool[] {
    return [...this.tools.values()].sort((a, b) => compareNames(a.name, b.name));
  }

  names(): string[] {
    return this.list().map((tool) => tool.name);
  }
}

/** Code-unit order, independent of locale: the same on every machine. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
