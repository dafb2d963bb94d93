import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { LoggingLevel } from '@modelcontextprotocol/sdk/types.js';
import type { Logger } from '@stagewright/sdk';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: Record<Level, number> = { debug: 0, info: 1, warn: 2, error: 3 };
const MCP_LEVEL: Record<Level, LoggingLevel> = { debug: 'debug', info: 'info', warn: 'warning', error: 'error' };
const MCP_ORDER: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];

/** The level below which MCP log notifications are not sent: `info` until the client sets one. */
export interface LogLevelState {
  mcp: LoggingLevel;
}

function stderrThreshold(): Level {
  const wanted = process.env.STAGEWRIGHT_LOG_LEVEL;
  return wanted && wanted in ORDER ? (wanted as Level) : 'info';
}

/**
 * Logs go to stderr and, once a client is connected, to MCP logging at or above the level the
 * client set with logging/setLevel (`info` by default). Never stdout: over stdio that is the
 * JSON-RPC channel.
 */
export function createLogger(server: () => Server | undefined, levels: LogLevelState, name = 'stagewright'): Logger {
  const threshold = stderrThreshold();
  const emit = (level: Level, message: string, data?: Record<string, unknown>) => {
    const { stack, ...rest } = data ?? {};
    if (ORDER[level] >= ORDER[threshold]) {
      const suffix = Object.keys(rest).length ? ` ${safeJson(rest)}` : '';
      const trace = typeof stack === 'string' ? `\n${stack}` : '';
      process.stderr.write(`[${name}] ${level}: ${message}${suffix}${trace}\n`);
    }
    const mcp = server();
    if (mcp?.transport && MCP_ORDER.indexOf(MCP_LEVEL[level]) >= MCP_ORDER.indexOf(levels.mcp)) {
      mcp.sendLoggingMessage({ level: MCP_LEVEL[level], logger: name, data: { message, ...rest } }).catch(() => undefined);
    }
  };
  return {
    debug: (message, data) => emit('debug', message, data),
    info: (message, data) => emit('info', message, data),
    warn: (message, data) => emit('warn', message, data),
    error: (message, data) => emit('error', message, data),
  };
}

function safeJson(data: Record<string, unknown>): string {
  try {
    return JSON.stringify(data);
  } catch {
    return '[unserializable]';
  }
}
