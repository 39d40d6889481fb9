/** One JSON object per line on stdout: what log collectors expect. */
export interface Logger {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export function createJsonLogger(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Logger {
  const log = (level: string) => (message: string, fields: Record<string, unknown> = {}) =>
    write(JSON.stringify({ time: new Date().toISOString(), level, msg: message, ...serializeErrors(fields) }));
  return { info: log('info'), warn: log('warn'), error: log('error') };
}

/** For tests: keeps what was logged so a test can assert on it. */
export function createMemoryLogger(): Logger & { lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createJsonLogger((line) => lines.push(JSON.parse(line) as Record<string, unknown>));
  return Object.assign(logger, { lines });
}

function serializeErrors(fields: Record<string, unknown>): Record<string, unknown> {
  // Nearly every line carries no error: it is written as given, without a copy.
  let hasError = false;
  for (const key in fields) if (fields[key] instanceof Error) hasError = true;
  if (!hasError) return fields;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
  }
  return out;
}
