/** ANSI escape sequences (colours, cursor moves) as terminals and Node's inspector print them. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching the escape character is the point
const ANSI = /\u001b\[[0-9;?]*[ -/]*[@-~]|\u001b\][^\u0007]*\u0007/g;

/** Text fit for an agent: no terminal escape codes. */
export function plainText(text: string): string {
  return text.replace(ANSI, '');
}
