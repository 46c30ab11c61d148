/**
 * A number sent as text (`"dataWidth": "16"` in a JSON body or a config file): the message for a
 * bad number says the type is what is wrong when the text is a number the field would take, so
 * the range it repeats is not taken for the problem.
 */
export function numberAsText(message: string, input: unknown, fits: (n: number) => boolean): string {
  const n = numberInText(input);
  if (n === undefined || !fits(n)) return message;
  if (message.includes(`"${input}"`)) return message; // the message names the text already
  return `${message.replace(/\.$/, '')}: "${input}" is text; give the number ${n}.`;
}

/** The number that text such as `"16"` or `" -2.5 "` writes, else undefined. */
export function numberInText(input: unknown): number | undefined {
  return typeof input === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(input) ? Number(input) : undefined;
}

/** A zod error map for a whole number from `min` to `max` whose message is `message`. */
export const wholeNumberError = (message: string, min: number, max: number) => ({
  error: (issue: { input?: unknown }) =>
    numberAsText(message, issue.input, (n) => Number.isInteger(n) && n >= min && n <= max),
});
